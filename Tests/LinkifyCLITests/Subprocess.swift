#if canImport(Glibc)
import Glibc
#endif

/// Runs programs for the CLI tests: stdin from bytes, stdout and stderr
/// captured through temporary files (no pipe deadlocks), exit status returned.
enum Subprocess {
    struct Result {
        var status: Int32
        var stdout: [UInt8]
        var stderr: [UInt8]
        var out: String { String(decoding: stdout, as: UTF8.self) }
        var err: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// The linkify binary built beside the test bundle.
    static var linkify: String {
        let me = CommandLine.arguments.first ?? ""
        var dir = me
        if let slash = dir.lastIndex(of: "/") { dir = String(dir[..<slash]) } else { dir = "." }
        for candidate in [dir + "/linkify", dir + "/../linkify", packageRoot + "/.build/debug/linkify"] where access(candidate, X_OK) == 0 {
            return candidate
        }
        return packageRoot + "/.build/debug/linkify"
    }

    /// The package's root folder, from this file's path.
    static var packageRoot: String {
        var path = #filePath
        for _ in 0..<3 { if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) } }
        return path
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() -> String {
        var template = Array("/tmp/linkify-test-XXXXXX".utf8CString)
        let p = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return String(cString: p!)
    }

    static func write(_ bytes: [UInt8], to path: String) {
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

    static func read(_ path: String) -> [UInt8] {
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

    /// Runs `executable` with `arguments`, `stdin` as standard input, in `cwd`.
    static func run(_ executable: String, _ arguments: [String], stdin: [UInt8] = [], cwd: String? = nil,
                    environment: [String: String]? = nil) -> Result {
        let dir = temporaryDirectory()
        defer {
            for f in ["in", "out", "err"] { unlink(dir + "/" + f) }
            rmdir(dir)
        }
        write(stdin, to: dir + "/in")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, dir + "/in", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, dir + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, dir + "/err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // posix_spawn has no portable chdir: a shell changes folder, then execs.
        let command = cwd.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0, executable] } ?? [executable]
        let argv = (command + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var envList: [UnsafeMutablePointer<CChar>?]
        if let environment {
            envList = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        } else {
            envList = []
            var p = environ
            while let e = p.pointee { envList.append(strdup(e)); p += 1 }
            envList.append(nil)
        }
        defer { envList.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, command[0], &actions, nil, argv, envList)
        precondition(rc == 0, "cannot spawn \(executable): \(rc)")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: code, stdout: read(dir + "/out"), stderr: read(dir + "/err"))
    }

    /// Runs linkify.
    static func linkify(_ arguments: [String], stdin: String = "", cwd: String? = nil) -> Result {
        run(linkify, arguments, stdin: Array(stdin.utf8), cwd: cwd)
    }

    /// Runs a bash command line.
    static func bash(_ script: String, cwd: String? = nil) -> Result {
        run("/bin/bash", ["-c", script], cwd: cwd)
    }

    /// Removes a folder and everything below it.
    static func removeTree(_ path: String) {
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
