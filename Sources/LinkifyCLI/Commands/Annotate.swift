#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LinkifyCore

/// The rendered text differs from the file (`--check` stops at the first difference).
struct ContentChanged: Error {}

extension Driver {
    mutating func annotate(_ options: ResolvedOptions, out stdout: FileOutput) throws {
        let explainer = options.explain ? ExplainPrinter(errors: errors, json: options.explainJSON) : nil
        let finder = options.linkifier.explaining(to: explainer).finder
        let inputs = self.inputs(options.raw)
        // Inputs whose nearest .linkify.json is not the run's get their own finder and anchors.
        let configs = try FileConfigs.plan(inputs, run: options.raw, arguments: arguments)
        if !options.quiet { for note in configs.notes { report("linkify: \(note)") } }
        var settings = [InputSettings(finder: finder, anchors: options.anchors)]
        for own in configs.others {
            let ownFinder = try own.linkifier(environment: io.environment).explaining(to: explainer).finder
            settings.append(InputSettings(finder: ownFinder, anchors: try own.anchorOptions()))
        }
        let plan: OutputPlan
        do {
            plan = try OutputPlan(options, inputs: inputs, stdin: io.stdin, configs: configs)
        } catch let conflicts as OutputPlan.Conflicts {
            for line in conflicts.lines { report("linkify: \(line)") }
            status.record(2)
            return
        }
        let mode = plan.mode
        let runner = JobRunner(requested: options.jobs, inputs: inputs.count, single: explainer != nil)
        try stdout.flush()

        let totalBytes = inputs.reduce(0) { $0 + $1.size }
        // Results (or --check's list) on the terminal: no bar to mix with them.
        let writesStdout: Bool
        switch mode {
        case .standardOutput, .check: writesStdout = true
        default: writesStdout = false
        }
        let meter: ProgressMeter? = ProgressMeter.isWanted(options.progress, fd: io.stderr, files: inputs.count, bytes: totalBytes,
                                                           resultsOnTerminal: writesStdout && FileSystem.isTerminal(io.stdout))
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

        let job = AnnotateJob(options: options.raw, settings: settings, settingsOf: configs.group, explainer: explainer, plan: plan,
                              stdin: io.stdin, output: ordered, umask: Self.currentUmask(), meter: meter,
                              rewrites: RewriteRun(note: printLine))
        let progressThread = meter?.startDrawing()
        let all = inputs
        let worst = runner.forEach(all.count, stop: { ordered.failure != nil }) { i in
            let code = job.run(i, all[i])
            meter?.fileDone(index: i, bytes: all[i].size)
            ordered.finish(job: i)
            return code
        }
        if let meter { meter.stop(joining: progressThread ?? nil) }
        status.record(worst)
        if let failure = ordered.failure { throw failure }
        if isJSONDocument {
            try ordered.writeDirectly(UnsafeRawBufferPointer(JSONRenderer.documentEnd.utf8Buffer))
        }
    }

    static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}

/// What an input is annotated with: the finder and anchors of its
/// `.linkify.json` (the run's, unless a nearer file is the input's).
struct InputSettings: Sendable {
    let finder: EntityFinder
    let anchors: AnchorOptions
}

/// Annotates one input to its destination; shared by all worker threads.
struct AnnotateJob: Sendable {
    let options: Options
    /// The settings inputs are annotated with: `settings[settingsOf[i]]` for input `i`.
    let settings: [InputSettings]
    let settingsOf: [Int]
    let explainer: ExplainPrinter?
    let plan: OutputPlan
    var mode: OutputMode { plan.mode }
    let stdin: Int32
    let output: OrderedOutput
    let umask: mode_t
    /// The progress bar, if one is drawn: it watches how far each file has been read.
    let meter: ProgressMeter?
    /// What the run's file writes share (`-i`, `-o`).
    let rewrites: RewriteRun

    /// Processes input number `index`; returns its exit status (0, 1 or 2).
    func run(_ index: Int, _ input: Input) -> Int32 {
        do {
            return try InputFile.withOpened(input, stdin: stdin) { try process(index, $0) }
        } catch let skipped as SkippedFile {
            // A walk over a mixed tree meets many such files, and skipping them
            // is what was asked: noted only with --verbose.
            if options.verbose && !options.quiet { output.note(job: index, "linkify: \(skipped.path): skipped: \(skipped.reason)") }
            return 0
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

    private func process(_ index: Int, _ file: InputFile) throws -> Int32 {
        let input = file.input
        let fd = file.fd
        let entry = plan.entries[index]
        let format = entry.format
        let own = settings[settingsOf[index]]
        let finder = own.finder
        if file.isRegularFile { meter?.watch(index: index, fd: fd) }

        let to = entry.to
        if let why = entry.unrewritable {
            if input.fromWalk { throw SkippedFile(path: input.path, reason: why) }
            throw FileError(path: input.path, message: why)
        }

        try file.skipIfBinary()

        var renderOptions = RenderOptions(format: to, input: format, offsets: options.offsets, path: PathBytes.displayed(entry.name))
        renderOptions.anchors = own.anchors
        let renderer = makeRenderer(renderOptions)

        switch mode {
        case .standardOutput:
            let out = FileOutput(path: "<stdout>") { raw in try output.write(job: index, raw) }
            try emit(fd: fd, input: input, format: format, finder: finder, renderer: renderer, to: to, jsonDocument: false, standalone: entry.standalone, out: out)
            return 0
        case .file, .directory:
            // -o creates the folders the plan's path needs (`-o deep/er/out.md`).
            let target = entry.target!
            try FileSystem.makeParents(of: target)
            try write(to: target, fd: fd, input: input, format: format, finder: finder, renderer: renderer, to: to, standalone: entry.standalone)
            return 0
        case .inPlace:
            guard file.isRegularFile else { throw FileError(path: input.path, message: "not a regular file: cannot rewrite it in place") }
            try rewrite(file, format: format, finder: finder, renderer: renderer)
            return 0
        case .check:
            guard file.isRegularFile else { throw FileError(path: input.path, message: "not a regular file: cannot rewrite it in place") }
            var comparison = Comparison(fd: fd, path: input.path, size: Int(file.status.st_size), stopsAtDifference: true)
            let out = FileOutput(path: input.path) { raw in try comparison.compare(raw) }
            do {
                try Self.annotate(fd: fd, path: input.path, format: format, finder: finder, renderer: renderer, out: out, explainer: explainer)
                try out.flush()
            } catch is ContentChanged {}
            guard comparison.differs || comparison.offset != comparison.size else { return 0 }
            // The exact bytes of the name, as `find` prints them. A closed pipe
            // ends the run, but this file was found to change (SPEC §1).
            do {
                try (PathBytes.bytes(input.path) + [0x0A]).withUnsafeBytes { try output.write(job: index, $0) }
            } catch is BrokenPipe {}
            return 1
        }
    }

    /// `-o`: the output file, through a temporary file (a device or pipe written directly).
    private func write(to path: String, fd: Int32, input: Input, format: InputFormat, finder: EntityFinder, renderer: any Renderer,
                       to: OutputFormat, standalone: Bool) throws {
        let target = RewriteTarget(path)
        if let st = target.existing, st.st_mode & S_IFMT == S_IFDIR { throw FileError.errno(path, EISDIR) }
        if let st = target.existing, st.st_mode & S_IFMT != S_IFREG {
            let outFD = try FileSystem.open(path, flags: O_WRONLY | O_TRUNC)
            defer { close(outFD) }
            try emit(fd: fd, input: input, format: format, finder: finder, renderer: renderer, to: to, jsonDocument: to == .json, standalone: standalone,
                     out: FileOutput(fd: outFD, path: path))
            return
        }
        try target.replace(mode: target.existing?.st_mode ?? (0o666 & ~umask), run: rewrites) { outFD in
            try emit(fd: fd, input: input, format: format, finder: finder, renderer: renderer, to: to, jsonDocument: to == .json, standalone: standalone,
                     out: FileOutput(fd: outFD, path: path))
            return true
        }
    }

    /// Annotates into `out` inside its frame: with `-o`, each json file holds
    /// the document for its one input (SPEC §3); a standalone document wraps
    /// the HTML of a plain-text input.
    private func emit(fd: Int32, input: Input, format: InputFormat, finder: EntityFinder, renderer: any Renderer, to: OutputFormat,
                      jsonDocument: Bool, standalone: Bool, out: FileOutput) throws {
        if jsonDocument { out.buffer.append(contentsOf: JSONRenderer.documentStart.utf8Buffer) }
        if standalone {
            // Standard input's document is titled by its --stdin-filepath name, if it has one.
            let name = input.name(stdinFilepath: options.stdinFilepath) ?? input.path
            out.buffer += StandaloneDocument.head(title: StandaloneDocument.title(for: name))
        }
        if input.ignored {
            // Ignored by the rules its --stdin-filepath falls under: the text as it came
            // (prettier's behaviour, so an editor's buffer is never emptied), or no entities.
            if to != .json && to != .jsonl { try Self.copy(fd: fd, path: input.path, to: out) }
        } else {
            try Self.annotate(fd: fd, path: input.path, format: format, finder: finder, renderer: renderer, out: out, explainer: explainer)
        }
        if standalone { out.buffer += StandaloneDocument.tail }
        if jsonDocument { out.buffer.append(contentsOf: JSONRenderer.documentEnd.utf8Buffer) }
        try out.flush()
    }

    /// `-i`: a temporary file beside the original, renamed over it only if the text changed.
    private func rewrite(_ file: InputFile, format: InputFormat, finder: EntityFinder, renderer: any Renderer) throws {
        let path = file.input.path
        let target = try RewriteTarget.inPlace(path)
        try target.replace(mode: file.status.st_mode, run: rewrites) { outFD in
            var comparison = Comparison(fd: file.fd, path: path, size: Int(file.status.st_size), stopsAtDifference: false)
            let out = FileOutput(path: path) { raw in
                try comparison.compare(raw)
                try FileSystem.writeAll(outFD, raw, path: path)
            }
            try Self.annotate(fd: file.fd, path: path, format: format, finder: finder, renderer: renderer, out: out, explainer: explainer)
            try out.flush()
            return comparison.differs || comparison.offset != comparison.size
        }
    }

    /// Copies what is left of `fd` to `out` unchanged.
    static func copy(fd: Int32, path: String, to out: FileOutput) throws {
        try FileInput(fd: fd, path: path).forEachChunk { chunk in
            out.buffer.append(contentsOf: chunk)
            try out.flushIfFull()
        }
    }

    /// Reads `fd` and writes the annotated text to `out`, through the
    /// library's `Annotator` (which decides what is streamed and what is read whole).
    static func annotate(fd: Int32, path: String, format: InputFormat, finder: EntityFinder, renderer: any Renderer,
                         out: FileOutput, explainer: ExplainPrinter? = nil) throws {
        var st = stat()
        let size = fstat(fd, &st) == 0 && st.st_mode & S_IFMT == S_IFREG ? Int(st.st_size) : nil
        var annotator = Annotator(input: format, finder: finder, renderer: renderer, sliceSize: out.blockSize, expectedSize: size)
        explainer?.path = PathBytes.displayed(path)
        // Output goes through a buffer of its own, written away block by block.
        try out.flush()
        var pending: [UInt8] = []
        pending.reserveCapacity(out.blockSize * 2)
        let drain: (inout [UInt8]) throws -> Void = { buffer in
            if buffer.count >= out.blockSize { try out.write(&buffer) }
        }
        let input = FileInput(fd: fd, path: path)
        while try annotator.feed(reading: { try input.read(into: $0) }, into: &pending, drain: drain) {}
        try annotator.finish(into: &pending, drain: drain)
        try out.write(&pending)
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
