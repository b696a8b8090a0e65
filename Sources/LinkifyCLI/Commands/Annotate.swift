#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LinkifyCore
import Synchronization

/// Where annotate's results go (SPEC §2 `-o`, `-i`, `--check`).
enum OutputMode: Sendable {
    /// Standard output, inputs in order.
    case standardOutput
    /// One file (`-o FILE`, one input).
    case file(String)
    /// A folder mirroring the inputs (`-o DIR`).
    case directory(String)
    /// Each file rewritten in its own format (`-i`).
    case inPlace
    /// Nothing written; the files `-i` would change listed (`--check`).
    case check
}

/// What the worker threads share: the next input to take, the worst status.
final class JobCounters: Sendable {
    let next = Atomic<Int>(0)
    let worst = Atomic<Int32>(0)
}

/// The rendered text differs from the file (`--check` stops at the first difference).
struct ContentChanged: Error {}

extension Driver {
    mutating func annotate(_ options: Options, out stdout: FileOutput) throws {
        var finderOptions = try options.finderOptions(environment: io.environment)
        finderOptions.userScanners = try options.userScanners()
        let anchors = try options.anchorOptions()
        let explainer = options.explain ? ExplainPrinter(errors: errors) : nil
        finderOptions.explanations = explainer
        let finder = EntityFinder(options: finderOptions)
        let inputs = self.inputs(options)
        // Inputs whose nearest .linkify.json is not the run's get their own finder and anchors.
        let configs = try FileConfigs.plan(inputs, run: options, arguments: arguments)
        var ownSettings: [(options: Options, finder: EntityFinder, anchors: AnchorOptions)] = []
        for o in configs.others {
            var own = try o.finderOptions(environment: io.environment)
            own.userScanners = try o.userScanners()
            own.explanations = explainer
            ownSettings.append((o, EntityFinder(options: own), try o.anchorOptions()))
        }
        let mode = try outputMode(options)
        if case .file(let path) = mode, inputs.count > 1 {
            throw UsageError("-o \(path) is a file: it takes one input (got \(inputs.count)); give a folder")
        }
        // --explain prints through one writer, file after file: one job.
        let jobs = explainer != nil ? 1 : max(1, min(options.jobs ?? WorkerThreads.processorCount, inputs.count))
        try stdout.flush()

        let totalBytes = inputs.reduce(0) { $0 + $1.size }
        let meter: ProgressMeter? = ProgressMeter.isWanted(options.progress, fd: io.stderr, files: inputs.count, bytes: totalBytes)
            ? ProgressMeter(fd: io.stderr, totalFiles: inputs.count, totalBytes: totalBytes) : nil
        let errFD = io.stderr
        let printLine: @Sendable (String) -> Void = { message in
            let line = PathBytes.displayed(message)
            if let meter { meter.printLine(line) } else {
                Array((line + "\n").utf8).withUnsafeBytes { try? FileSystem.writeAll(errFD, $0, path: "<stderr>") }
            }
        }
        let toStdout: Bool
        if case .standardOutput = mode { toStdout = true } else { toStdout = false }
        let isJSONDocument = options.to == .json && toStdout
        let ordered = OrderedOutput(fd: io.stdout, separator: isJSONDocument ? Array(JSONRenderer.fileSeparator.utf8Buffer) : [], notes: printLine)
        if isJSONDocument { try ordered.writeDirectly(UnsafeRawBufferPointer(JSONRenderer.documentStart.utf8Buffer)) }

        if case .inPlace = mode { TemporaryFiles.installSignalHandlers() }
        if case .file = mode { TemporaryFiles.installSignalHandlers() }
        if case .directory = mode { TemporaryFiles.installSignalHandlers() }

        var job = AnnotateJob(options: options, finder: finder, anchors: anchors, explainer: explainer, mode: mode,
                              stdin: io.stdin, output: ordered, umask: Self.currentUmask())
        job.meter = meter
        let ownJobs = ownSettings.map { own in
            var j = AnnotateJob(options: own.options, finder: own.finder, anchors: own.anchors, explainer: explainer, mode: mode,
                                stdin: io.stdin, output: ordered, umask: job.umask)
            j.meter = meter
            return j
        }
        let configOf = configs.group
        let runJob = job
        let counters = JobCounters()
        var progressThread: pthread_t? = nil
        if let meter {
            meter.draw()
            let box = Unmanaged.passRetained(meter).toOpaque()
            var t = pthread_t()
            if pthread_create(&t, nil, { ctx in
                Unmanaged<ProgressMeter>.fromOpaque(ctx!).takeRetainedValue().run()
                return nil
            }, box) == 0 { progressThread = t } else { Unmanaged<ProgressMeter>.fromOpaque(box).release() }
        }
        let all = inputs
        WorkerThreads.run(count: jobs) { _ in
            while ordered.failure == nil {
                let i = counters.next.add(1, ordering: .relaxed).oldValue
                guard i < all.count else { break }
                let code = configOf[i] == 0 ? runJob.run(i, all[i]) : ownJobs[configOf[i] - 1].run(i, all[i])
                meter?.fileDone(index: i, bytes: all[i].size)
                ordered.finish(job: i)
                _ = counters.worst.max(code, ordering: .relaxed)
            }
        }
        if let meter { meter.stop() }
        if let t = progressThread { pthread_join(t, nil) }
        status.record(counters.worst.load(ordering: .relaxed))
        if let failure = ordered.failure { throw failure }
        if isJSONDocument {
            try ordered.writeDirectly(UnsafeRawBufferPointer(JSONRenderer.documentEnd.utf8Buffer))
        }
    }

    /// `-o`, `-i` and `--check` resolved to one mode.
    func outputMode(_ options: Options) throws -> OutputMode {
        if options.check { return .check }
        if options.inPlace { return .inPlace }
        guard let path = options.output, path != "-" else { return .standardOutput }
        let (kind, _) = FileSystem.kind(of: path)
        if kind == .directory || path.hasSuffix("/") || options.paths.count > 1 { return .directory(path) }
        if options.paths.contains(where: { FileSystem.kind(of: $0).0 == .directory }) {
            if kind != .missing { throw UsageError("-o \(path): not a folder, but the input is a folder") }
            return .directory(path)
        }
        return .file(path)
    }

    static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}

/// Annotates one input to its destination; shared by all worker threads.
struct AnnotateJob: Sendable {
    let options: Options
    let finder: EntityFinder
    let anchors: AnchorOptions
    let explainer: ExplainPrinter?
    let mode: OutputMode
    let stdin: Int32
    let output: OrderedOutput
    let umask: mode_t
    /// The progress bar, if one is drawn: it watches how far each file has been read.
    var meter: ProgressMeter? = nil

    /// Bytes looked at for a NUL to call a file binary (as git and grep do).
    static let binarySniffBytes = 8192

    /// Processes input number `index`; returns its exit status (0, 1 or 2).
    func run(_ index: Int, _ input: Input) -> Int32 {
        do {
            return try process(index, input)
        } catch let e as FileError where e.path == output.path {
            // Standard output failed: the driver reports it once, at the end.
            return 2
        } catch let e as FileError {
            output.note(job: index, "linkify: \(e.path): \(e.message)")
            return 2
        } catch is BrokenPipe {
            return 0
        } catch {
            output.note(job: index, "linkify: \(input.path): \(error)")
            return 2
        }
    }

    /// A file a walk skips is noted only with `--verbose`: a walk over a
    /// mixed tree meets many, and skipping them is what was asked.
    private func skipNote(_ index: Int, _ text: String) {
        if options.verbose && !options.quiet { output.note(job: index, text) }
    }

    private func process(_ index: Int, _ input: Input) throws -> Int32 {
        let isStdin = input.path == "-"
        let fd = isStdin ? stdin : try FileSystem.open(input.path)
        defer { if !isStdin { close(fd) } }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw FileError.errno(input.path) }
        if st.st_mode & S_IFMT == S_IFDIR { throw FileError.errno(input.path, EISDIR) }
        if st.st_mode & S_IFMT == S_IFREG { meter?.watch(index: index, fd: fd) }
        // --stdin-filepath names standard input: its format, and the path shown in output.
        let shownPath = isStdin ? options.stdinFilepath ?? input.path : input.path
        let format = options.from ?? (isStdin && options.stdinFilepath == nil ? .text : InputFormat(path: shownPath))

        let rewrites: Bool
        switch mode {
        case .inPlace, .check: rewrites = true
        default: rewrites = false
        }
        let to: OutputFormat
        if rewrites {
            // SPEC §2: -i keeps each file's format; plain text only with --to markdown.
            if format == .text {
                guard options.to == .markdown else {
                    let why = "a plain-text file is rewritten in place only with --to markdown"
                    if input.fromWalk { skipNote(index, "linkify: \(input.path): skipped: \(why)"); return 0 }
                    throw FileError(path: input.path, message: why)
                }
                to = .markdown
            } else {
                to = OutputFormat.default(for: format)
            }
        } else {
            to = options.to ?? OutputFormat.default(for: format)
        }

        if input.fromWalk, st.st_mode & S_IFMT == S_IFREG {
            // SPEC §7: a directory walk skips binary files (a NUL in the first 8 KiB).
            let sniff = UnsafeMutableRawPointer.allocate(byteCount: Self.binarySniffBytes, alignment: 1)
            defer { sniff.deallocate() }
            let n = try FileSystem.readFully(fd, sniff, count: Self.binarySniffBytes, at: 0, path: input.path)
            if memchr(sniff, 0, n) != nil {
                skipNote(index, "linkify: \(input.path): skipped: binary file")
                return 0
            }
        }

        var renderOptions = RenderOptions(format: to, input: format, offsets: options.offsets, path: PathBytes.displayed(shownPath))
        renderOptions.anchors = anchors
        let renderer = makeRenderer(renderOptions)

        if input.ignored, case .standardOutput = mode {
            // Ignored by the rules its --stdin-filepath falls under: the text as it came
            // (prettier's behaviour, so an editor's buffer is never emptied), or no entities.
            let out = FileOutput(path: "<stdout>") { raw in try output.write(job: index, raw) }
            if to != .json && to != .jsonl { try Self.copy(fd: fd, path: input.path, to: out) }
            try out.flush()
            return 0
        }

        switch mode {
        case .standardOutput:
            let out = FileOutput(path: "<stdout>") { raw in try output.write(job: index, raw) }
            try Self.annotate(fd: fd, path: input.path, format: format, finder: finder, renderer: renderer, out: out, explainer: explainer)
            try out.flush()
            return 0
        case .file(let target):
            try write(to: target, fd: fd, input: input, format: format, renderer: renderer, to: to, inPlace: false)
            return 0
        case .directory(let root):
            let target = Self.mirroredPath(root: root, relative: input.relativePath, format: to)
            try FileSystem.makeParents(of: target)
            try write(to: target, fd: fd, input: input, format: format, renderer: renderer, to: to, inPlace: false)
            return 0
        case .inPlace:
            guard st.st_mode & S_IFMT == S_IFREG else { throw FileError(path: input.path, message: "not a regular file: cannot rewrite it in place") }
            return try rewrite(fd: fd, st: st, input: input, format: format, renderer: renderer)
        case .check:
            guard st.st_mode & S_IFMT == S_IFREG else { throw FileError(path: input.path, message: "not a regular file: cannot rewrite it in place") }
            var comparison = Comparison(fd: fd, path: input.path, size: Int(st.st_size), stopsAtDifference: true)
            let out = FileOutput(path: input.path) { raw in try comparison.compare(raw) }
            do {
                try Self.annotate(fd: fd, path: input.path, format: format, finder: finder, renderer: renderer, out: out, explainer: explainer)
                try out.flush()
            } catch is ContentChanged {}
            guard comparison.differs || comparison.offset != comparison.size else { return 0 }
            // The exact bytes of the name, as `find` prints them.
            try (PathBytes.bytes(input.path) + [0x0A]).withUnsafeBytes { try output.write(job: index, $0) }
            return 1
        }
    }

    /// Copies what is left of `fd` to `out` unchanged.
    static func copy(fd: Int32, path: String, to out: FileOutput) throws {
        try FileInput(fd: fd, path: path).forEachChunk { chunk in
            out.buffer.append(contentsOf: chunk)
            try out.flushIfFull()
        }
    }

    /// `-o`: the output file, through a temporary file (a device or pipe written directly).
    private func write(to target: String, fd: Int32, input: Input, format: InputFormat, renderer: any Renderer,
                       to: OutputFormat, inPlace: Bool) throws {
        var st = stat()
        let exists = PathBytes.withCString(target) { stat($0, &st) } == 0
        if exists && st.st_mode & S_IFMT == S_IFDIR { throw FileError.errno(target, EISDIR) }
        if exists && st.st_mode & S_IFMT != S_IFREG {
            let outFD = try FileSystem.open(target, flags: O_WRONLY | O_TRUNC)
            defer { close(outFD) }
            try emit(fd: fd, input: input, format: format, renderer: renderer, to: to, out: FileOutput(fd: outFD, path: target))
            return
        }
        let mode = exists ? st.st_mode : (0o666 & ~umask)
        let file = try AtomicFile.create(for: target, mode: mode)
        do {
            try emit(fd: fd, input: input, format: format, renderer: renderer, to: to, out: FileOutput(fd: file.fd, path: target))
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    private func emit(fd: Int32, input: Input, format: InputFormat, renderer: any Renderer, to: OutputFormat, out: FileOutput) throws {
        // SPEC §3: with -o, each json file holds the document for its one input.
        if to == .json { out.buffer.append(contentsOf: JSONRenderer.documentStart.utf8Buffer) }
        if input.ignored {
            if to != .json && to != .jsonl { try Self.copy(fd: fd, path: input.path, to: out) }
        } else {
            try Self.annotate(fd: fd, path: input.path, format: format, finder: finder, renderer: renderer, out: out, explainer: explainer)
        }
        if to == .json { out.buffer.append(contentsOf: JSONRenderer.documentEnd.utf8Buffer) }
        try out.flush()
    }

    /// `-i`: a temporary file beside the original, renamed over it only if the text changed.
    private func rewrite(fd: Int32, st: stat, input: Input, format: InputFormat, renderer: any Renderer) throws -> Int32 {
        // Through a symbolic link, the file it points to is rewritten, not the link.
        var target = input.path
        var link = stat()
        if PathBytes.withCString(input.path, { lstat($0, &link) }) == 0, link.st_mode & S_IFMT == S_IFLNK,
           let resolved = PathBytes.withCString(input.path, { realpath($0, nil) }) {
            target = PathBytes.string(cString: resolved)
            free(resolved)
        }
        let file = try AtomicFile.create(for: target, mode: st.st_mode)
        do {
            var comparison = Comparison(fd: fd, path: input.path, size: Int(st.st_size), stopsAtDifference: false)
            let path = input.path
            let out = FileOutput(path: path) { raw in
                try comparison.compare(raw)
                try FileSystem.writeAll(file.fd, raw, path: path)
            }
            try Self.annotate(fd: fd, path: input.path, format: format, finder: finder, renderer: renderer, out: out, explainer: explainer)
            try out.flush()
            if comparison.differs || comparison.offset != comparison.size {
                try file.commit()
            } else {
                file.discard()
            }
        } catch {
            file.discard()
            throw error
        }
        return 0
    }

    /// `-o DIR`: `DIR/relative` with the output format's extension.
    static func mirroredPath(root: String, relative: String, format: OutputFormat) -> String {
        var name = relative
        let slash = name.lastIndex(of: "/").map { name.index(after: $0) } ?? name.startIndex
        if let dot = name[slash...].lastIndex(of: "."), dot != slash {
            name = String(name[..<dot])
        }
        let base = root.hasSuffix("/") ? root : root + "/"
        return base + name + "." + format.fileExtension
    }

    /// Reads `fd` and writes the annotated text to `out`: text and HTML
    /// streamed, Markdown read whole; with `--explain`, everything read whole.
    static func annotate(fd: Int32, path: String, format: InputFormat, finder: EntityFinder, renderer: any Renderer,
                         out: FileOutput, explainer: ExplainPrinter? = nil) throws {
        let reader = FileInput(fd: fd, path: path)
        if let explainer {
            // --explain reads each input whole, so that its lines and columns can be told.
            let document = try reader.readAll()
            var renderer = renderer
            document.withUnsafeBufferPointer { t in
                explainer.begin(path: PathBytes.displayed(path), document: t)
                annotateDocument(t, reader: format.reader, finder: finder, renderer: &renderer, into: &out.buffer)
                explainer.document = nil
            }
            try out.flushIfFull()
            return
        }
        switch format {
        case .text:
            var annotator = StreamingAnnotator(finder: finder, renderer: renderer)
            annotator.begin(into: &out.buffer)
            // Output goes through a buffer of its own, written away between slices.
            try out.flush()
            var pending: [UInt8] = []
            pending.reserveCapacity(out.blockSize * 2)
            let drain: (inout [UInt8]) throws -> Void = { buffer in
                if buffer.count >= out.blockSize { try out.write(&buffer) }
            }
            try reader.forEachChunk { chunk in
                try annotator.feed(chunk, into: &pending, drain: drain)
            }
            try annotator.finish(into: &pending, drain: drain)
            try out.write(&pending)
        case .html:
            var annotator = StreamingHTMLAnnotator(finder: finder, renderer: renderer)
            annotator.begin(into: &out.buffer)
            try reader.forEachChunk { chunk in
                annotator.feed(chunk, into: &out.buffer)
                try out.flushIfFull()
            }
            annotator.finish(into: &out.buffer)
        case .markdown:
            let document = try reader.readAll()
            var renderer = renderer
            // Written away in slices: only the document is held whole (SPEC: its size + 20 MiB).
            try out.flush()
            var pending: [UInt8] = []
            pending.reserveCapacity(out.blockSize * 2)
            try document.withUnsafeBufferPointer { t in
                try annotateDocument(t, reader: format.reader, finder: finder, renderer: &renderer,
                                     sliceSize: out.blockSize, into: &pending) { buffer in
                    if buffer.count >= out.blockSize { try out.write(&buffer) }
                }
            }
            try out.write(&pending)
        }
        try out.flushIfFull()
    }
}

/// Compares output, block by block, with the file it came from.
struct Comparison {
    let fd: Int32
    let path: String
    let size: Int
    let stopsAtDifference: Bool
    var offset = 0
    var differs = false

    mutating func compare(_ raw: UnsafeRawBufferPointer) throws {
        defer { offset += raw.count }
        guard !differs else { return }
        guard offset + raw.count <= size else {
            differs = true
            if stopsAtDifference { throw ContentChanged() }
            return
        }
        let original = UnsafeMutableRawPointer.allocate(byteCount: max(raw.count, 1), alignment: 16)
        defer { original.deallocate() }
        let n = try FileSystem.readFully(fd, original, count: raw.count, at: offset, path: path)
        if n != raw.count || memcmp(original, raw.baseAddress!, raw.count) != 0 {
            differs = true
            if stopsAtDifference { throw ContentChanged() }
        }
    }
}
