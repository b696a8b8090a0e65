#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LinkifyCore

extension Driver {
    mutating func annotate(_ options: Options, out stdout: FileOutput) throws {
        var finderOptions = try options.finderOptions(environment: io.environment)
        finderOptions.userScanners = try options.userScanners()
        let anchors = try options.anchorOptions()
        let explainer = options.explain ? ExplainPrinter(errors: errors) : nil
        finderOptions.explanations = explainer
        let finder = EntityFinder(options: finderOptions)
        var out = stdout
        var outputFD: Int32 = -1
        if let path = options.output, path != "-" {
            outputFD = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard outputFD >= 0 else { throw FileError.errno(path) }
            out = FileOutput(fd: outputFD, path: path)
        }
        defer { if outputFD >= 0 { close(outputFD) } }
        let inputs = self.inputs(options)
        let isJSONDocument = options.to == .json
        if isJSONDocument { out.buffer.append(contentsOf: JSONRenderer.documentStart.utf8Buffer) }
        var filesWritten = 0
        for input in inputs {
            let format = options.from ?? (input.path == "-" ? .text : InputFormat(path: input.path))
            let to = options.to ?? OutputFormat.default(for: format)
            var renderOptions = RenderOptions(format: to, input: format, offsets: options.offsets, path: input.path)
            renderOptions.anchors = anchors
            if isJSONDocument && filesWritten > 0 { out.buffer.append(contentsOf: JSONRenderer.fileSeparator.utf8Buffer) }
            do {
                try annotate(input, format: format, finder: finder, renderer: makeRenderer(renderOptions), out: out,
                             explainer: explainer)
                filesWritten += 1
            } catch let e as FileError {
                try out.flush()
                report("linkify: \(e.path): \(e.message)")
                status.record(2)
            }
        }
        if isJSONDocument { out.buffer.append(contentsOf: JSONRenderer.documentEnd.utf8Buffer) }
        try out.flush()
    }

    func annotate(_ input: Input, format: InputFormat, finder: EntityFinder, renderer: any Renderer, out: FileOutput,
                  explainer: ExplainPrinter? = nil) throws {
        let fd: Int32 = input.path == "-" ? io.stdin : try FileSystem.open(input.path)
        defer { if input.path != "-" { close(fd) } }
        let reader = FileInput(fd: fd, path: input.path)
        if input.path != "-" {
            let (kind, _) = FileSystem.kind(of: input.path)
            if kind == .directory { throw FileError(path: input.path, message: "is a directory") }
        }
        if let explainer {
            // --explain reads each input whole, so that its lines and columns can be told.
            let document = try reader.readAll()
            var renderer = renderer
            document.withUnsafeBufferPointer { t in
                explainer.begin(path: input.path, document: t)
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
