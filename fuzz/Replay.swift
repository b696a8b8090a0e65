#if !LINKIFY_LIBFUZZER
#if canImport(Glibc)
import Glibc
#endif

/// Without libFuzzer: runs the fuzz checks (`fuzzOne`) on every file named on
/// the command line, or in a folder named there, so that the seeds and every
/// input that once failed are checked by `make test`. Prints how many inputs
/// it ran; a failed check stops it with the input's name on stderr.
@main
enum Replay {
    static func main() {
        var count = 0
        for path in CommandLine.arguments.dropFirst() {
            for file in files(at: path) {
                guard let bytes = read(file) else {
                    let line = Array("LinkifyFuzz: cannot read \(file)\n".utf8)
                    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
                    exit(2)
                }
                currentInput = file
                bytes.withUnsafeBufferPointer { b in
                    if let base = b.baseAddress { _ = fuzzOne(base, b.count) }
                }
                count += 1
            }
        }
        print("fuzz replay: \(count) inputs, every check held")
    }

    /// The file itself, or the regular files directly in a folder, sorted.
    static func files(at path: String) -> [String] {
        guard let dir = opendir(path) else { return [path] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(path + "/" + name) }
        }
        return names.sorted()
    }

    static func read(_ path: String) -> [UInt8]? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n > 0 { out += buffer[0..<n] }
            if n < buffer.count { break }
        }
        return ferror(f) == 0 ? out : nil
    }
}
#endif
