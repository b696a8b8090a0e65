#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pseudo-terminal (Linux pts(4)) for what a program does when its
/// standard error, or its output too, is a terminal: a progress bar, a
/// summary. The test reads the terminal's side (the master); the program
/// writes to the other side (the slave), which is opened here too so that
/// reads never fail before the program has opened it.
package final class PseudoTerminal {
    package let master: Int32
    /// `/dev/pts/N`, the side the program writes to.
    package let slavePath: String
    private let slave: Int32

    /// A new terminal; nil when the system has none to give.
    package init?() {
        // /dev/ptmx by hand: the Glibc module does not export posix_openpt.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0,
              ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0 else {
            if master >= 0 { close(master) }
            return nil
        }
        let path = "/dev/pts/\(number)"
        let slave = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            close(master)
            return nil
        }
        self.master = master
        self.slave = slave
        self.slavePath = path
    }

    deinit {
        close(slave)
        close(master)
    }

    /// What the terminal has received, waiting up to `milliseconds` for the first byte.
    package func read(waiting milliseconds: Int32) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var wait = milliseconds
        while true {
            var p = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, wait) > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            result += buffer[0..<n]
            wait = 0
        }
        return result
    }
}

extension Spawn {
    /// Runs `executable` with its standard error on a new pseudo-terminal
    /// (and its standard output too when `stdoutOnTerminal`; else a file, as
    /// `Spawn.start` makes it). `watch` is called with all the terminal has
    /// received so far, about every 20 ms while the program runs, and may
    /// signal it. Returns how it ended and everything the terminal received
    /// (with the terminal's `\n` → `\r\n`); nil when there is no terminal to be had.
    package static func runOnTerminal(_ executable: String, _ arguments: [String], stdin: [UInt8] = [], cwd: String? = nil,
                                     environment: [String]? = nil, stdoutOnTerminal: Bool,
                                     watch: ([UInt8], pid_t) -> Void = { _, _ in }) -> (result: SpawnResult, terminal: [UInt8])? {
        guard let terminal = PseudoTerminal() else { return nil }
        let redirect = "exec \"$0\" \"$@\" 2>\(terminal.slavePath)" + (stdoutOnTerminal ? " >\(terminal.slavePath)" : "")
        let running = start(executable, arguments, stdin: stdin, cwd: cwd, environment: environment, prefix: ["/bin/sh", "-c", redirect])
        var received: [UInt8] = []
        while true {
            received += terminal.read(waiting: 20)
            // Exited? (WNOWAIT: Spawn.wait reaps it below.)
            var info = siginfo_t()
            let exited = waitid(P_PID, id_t(running.pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._sigchld.si_pid == running.pid
            if exited {
                received += terminal.read(waiting: 20)
                break
            }
            watch(received, running.pid)
        }
        return (wait(running), received)
    }
}
