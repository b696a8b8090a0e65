#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files for the tests: whole-file reads and writes, temporary folders.
package enum Files {
    /// The package's root folder: this file is `Tests/LinkifyTestSupport/Files.swift`.
    package static var packageRoot: String {
        var path = #filePath
        for _ in 0..<3 { if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) } }
        return path
    }

    /// A fresh temporary folder in `$TMPDIR` (else /tmp; the caller removes it).
    /// `make test` gives its run a TMPDIR of its own and fails on what is left there.
    package static func temporaryDirectory() -> String {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/linkify-test-XXXXXX").utf8CString)
        let p = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(p != nil, "mkdtemp failed")
        return String(cString: p!)
    }

    package static func write(_ bytes: [UInt8], to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0, "cannot create \(path)")
        bytes.withUnsafeBytes { raw in
            var off = 0
            while off < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + off, raw.count - off)
                precondition(n > 0)
                off += n
            }
        }
        close(fd)
    }

    /// The bytes of a file; empty when it cannot be read.
    package static func read(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var result: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buf.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, 65536) }
            if n <= 0 { break }
            result += buf[0..<n]
        }
        return result
    }

    /// Removes a folder and everything below it (symbolic links are removed, not followed).
    package static func removeTree(_ path: String) {
        if let dir = opendir(path) {
            while let entry = readdir(dir) {
                let name = withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                }
                if name == "." || name == ".." { continue }
                let child = path + "/" + name
                var st = stat()
                if lstat(child, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR { removeTree(child) } else { unlink(child) }
            }
            closedir(dir)
        }
        rmdir(path)
    }
}

/// A temporary folder for one test, removed at the end.
package final class TempFolder {
    package let path: String

    package init() { path = Files.temporaryDirectory() }

    deinit {
        // Tests take permissions away; give them back so that everything can go.
        _ = system("chmod -R u+rwx '\(path)' 2>/dev/null; rm -rf '\(path)'")
    }

    /// `path/relative`.
    package func at(_ relative: String) -> String { path + "/" + relative }

    /// Writes a file below the folder, creating its folders.
    package func file(_ relative: String, _ contents: String) { file(relative, Array(contents.utf8)) }

    package func file(_ relative: String, _ contents: [UInt8]) {
        let full = at(relative)
        var prefix = ""
        for part in full.split(separator: "/").dropLast() {
            prefix += "/" + part
            mkdir(prefix, 0o755)
        }
        Self.write(full, contents)
    }

    /// The bytes of a file below the folder.
    package func contents(_ relative: String) -> [UInt8] { Self.read(at(relative)) }
    package func text(_ relative: String) -> String { String(decoding: contents(relative), as: UTF8.self) }

    /// Every file below the folder (relative paths, sorted), hidden ones included.
    package func allFiles() -> [String] {
        var result: [String] = []
        func walk(_ dir: String, _ rel: String) {
            guard let d = opendir(dir) else { return }
            defer { closedir(d) }
            while let e = readdir(d) {
                let name = withUnsafePointer(to: e.pointee.d_name) { $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) } }
                if name == "." || name == ".." || name.hasPrefix(".spawn-") { continue }
                let r = rel.isEmpty ? name : rel + "/" + name
                var st = stat()
                lstat(dir + "/" + name, &st)
                if st.st_mode & S_IFMT == S_IFDIR { walk(dir + "/" + name, r) } else { result.append(r) }
            }
        }
        walk(path, "")
        return result.sorted()
    }

    package static func write(_ path: String, _ contents: [UInt8]) { Files.write(contents, to: path) }

    package static func read(_ path: String) -> [UInt8] { Files.read(path) }
}
