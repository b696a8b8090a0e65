#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LinkifyCore

extension Driver {
    /// The inputs named by the paths, directories walked (sorted, hidden entries
    /// skipped, markdown, html and .txt files taken).
    mutating func inputs(_ options: Options) -> [Input] {
        if options.paths.isEmpty { return [Input(path: "-", fromWalk: false)] }
        var result: [Input] = []
        for path in options.paths {
            if path == "-" { result.append(Input(path: "-", fromWalk: false)); continue }
            let (kind, code) = FileSystem.kind(of: path)
            switch kind {
            case .directory:
                walk(path, into: &result)
            case .missing:
                report("linkify: \(path): \(String(cString: strerror(code)))")
                status.record(2)
            default:
                result.append(Input(path: path, fromWalk: false))
            }
        }
        return result
    }

    mutating func walk(_ directory: String, into result: inout [Input]) {
        let names: [String]
        do { names = try FileSystem.entries(of: directory) } catch let e as FileError {
            report("linkify: \(e.path): \(e.message)")
            status.record(2)
            return
        } catch { return }
        for name in names where !name.hasPrefix(".") && name != "node_modules" {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            let (kind, _) = FileSystem.kind(of: path, followLinks: false)
            switch kind {
            case .directory: walk(path, into: &result)
            case .file:
                let lower = name.lowercased()
                if InputFormat(path: lower) != .text || lower.hasSuffix(".txt") {
                    result.append(Input(path: path, fromWalk: true))
                }
            default: break
            }
        }
    }

}
