import Foundation
import Testing

/// The built `linkify` binary: beside the test bundle, else in `.build/debug`.
func linkifyBinary() -> String {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var candidates = [beside.appendingPathComponent("linkify").path]
    // The test bundle may sit one level deeper (`…/debug/linkifyPackageTests.xctest/…`).
    var dir = beside
    for _ in 0..<4 {
        dir = dir.deletingLastPathComponent()
        candidates.append(dir.appendingPathComponent("linkify").path)
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(root.appendingPathComponent(".build/debug/linkify").path)
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates.last!
}

/// What one run of the binary did.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the real binary with `arguments` in `directory`, feeding `stdin`.
@discardableResult
func runLinkify(_ arguments: [String], in directory: URL? = nil, stdin: String = "",
                environment: [String: String] = [:]) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: linkifyBinary())
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "NO_COLOR")
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let input = Pipe(), output = Pipe(), errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                     stderr: String(decoding: err, as: UTF8.self))
}

/// A fresh temporary folder holding `files` (relative path → contents).
func temporaryFolder(_ files: [String: String] = [:]) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("linkify-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    for (path, contents) in files {
        let url = dir.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }
    return dir
}

/// The contents of a file as text.
func fileText(_ url: URL) throws -> String {
    String(decoding: try Data(contentsOf: url), as: UTF8.self)
}
