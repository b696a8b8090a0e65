// swift-tools-version:6.0
import PackageDescription

// linkify uses no Swift concurrency (threads are pthreads, see WorkerThreads),
// but every module imports _Concurrency implicitly, which links
// libswift_Concurrency, libdispatch and libBlocksRuntime into the binary:
// loading and relocating them was about 0.5 M instructions and 0.6 ms of
// every run's start-up (docs/benchmarks.md, "Start-up").
//
// The flag is an unsafe one, and SwiftPM refuses a package with unsafe flags
// as a versioned dependency: it is applied only when LINKIFY_LEAN_RUNTIME=1,
// which the Makefile exports, so that other packages can still depend on the
// LinkifyCore product by version.
let noConcurrencyRuntime: [SwiftSetting] = Context.environment["LINKIFY_LEAN_RUNTIME"] == "1"
    ? [.unsafeFlags(["-Xfrontend", "-disable-implicit-concurrency-module-import"])]
    : []

// With LINKIFY_LEAN_RUNTIME=1 the executable also links the Swift standard
// library statically (glibc stays shared): loading and relocating
// libswiftCore.so was most of the dynamic build's start-up (docs/benchmarks.md).
let staticStandardLibrary: [LinkerSetting] = Context.environment["LINKIFY_LEAN_RUNTIME"] == "1"
    ? [.unsafeFlags(["-static-stdlib"])]
    : []

// The layers, lowest first (docs/architecture.md). Each target imports only
// the targets it lists, and SwiftPM builds with the explicit-import check on
// (scripts/check/layers.sh), so an upward import does not compile.
let layers: [(name: String, dependencies: [String])] = [
    ("LinkifyModel", []),                                   // vocabulary, byte text
    ("LinkifyDetectors", ["LinkifyModel"]),                 // the scanners and their generated tables
    ("LinkifyRendering", ["LinkifyModel"]),                 // writers of html, markdown, json
    ("LinkifyFinding", ["LinkifyModel", "LinkifyDetectors", "LinkifyRendering"]),  // merge, link policy, second run
    ("LinkifyInput", ["LinkifyModel", "LinkifyFinding", "LinkifyRendering"]),      // text, Markdown and HTML readers
    ("LinkifyCore", ["LinkifyModel", "LinkifyDetectors", "LinkifyRendering", "LinkifyFinding", "LinkifyInput"]),  // annotator, lint
]

// Each folder's README.md says what lives there and what it may use; it is
// neither a source nor a resource of its target.
let folderReadmes: [String: [String]] = [
    "LinkifyModel": ["Model/README.md", "Text/README.md"],
    "LinkifyDetectors": ["README.md", "Address/README.md", "Date/README.md", "Phone/README.md",
                         "Social/README.md", "Tables/README.md", "URL/README.md", "UserRules/README.md"],
    "LinkifyRendering": ["README.md"],
    "LinkifyFinding": ["README.md"],
    "LinkifyInput": ["README.md", "HTML/README.md", "Markdown/README.md"],
    "LinkifyCore": ["README.md", "API/README.md", "Annotation/README.md", "Lint/README.md"],
]

let package = Package(
    name: "linkify",
    // What Regex (user patterns) and AttributedString need. Built and tested on Linux only so far.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "LinkifyCore", targets: ["LinkifyCore"]),
        .library(name: "LinkifyFoundation", targets: ["LinkifyFoundation"]),
        .executable(name: "linkify", targets: ["linkify"]),
    ],
    dependencies: [],
    targets: layers.map { layer in
        .target(name: layer.name, dependencies: layer.dependencies.map { .target(name: $0) },
                exclude: folderReadmes[layer.name] ?? [], swiftSettings: noConcurrencyRuntime)
    } + [
        // The Swift API on Foundation's types (URL, NSRange, AttributedString,
        // the clock); nothing else imports Foundation.
        .target(name: "LinkifyFoundation", dependencies: ["LinkifyCore"], exclude: ["README.md"]),
        .target(name: "LinkifyCLI", dependencies: ["LinkifyCore"],
                exclude: ["README.md", "Commands/README.md", "Files/README.md", "Flags/README.md", "Jobs/README.md"],
                swiftSettings: noConcurrencyRuntime),
        .executableTarget(name: "linkify", dependencies: ["LinkifyCLI"], exclude: ["README.md"], swiftSettings: noConcurrencyRuntime,
                          linkerSettings: staticStandardLibrary),
        // The fuzz checks (fuzz/README.md): a replayer of fuzz/seeds and
        // fuzz/regressions in every build, the libFuzzer target in `make fuzz`.
        .executableTarget(name: "LinkifyFuzz", dependencies: ["LinkifyCore"], path: "fuzz",
                          exclude: ["README.md", "linkify.dict", "regressions", "seeds"],
                          swiftSettings: noConcurrencyRuntime),
        // The Swift API's benchmark beside the byte API (make bench-api).
        .executableTarget(name: "LinkifyAPIBench", dependencies: ["LinkifyCore", "LinkifyFoundation"], path: "scripts/bench/api"),
        // What the tests share: the one helper that spawns a program, the
        // in-process driver runner, temporary folders (not a product).
        .target(name: "LinkifyTestSupport", dependencies: ["LinkifyCLI"], path: "Tests/LinkifyTestSupport"),
        .testTarget(name: "LinkifyCoreTests", dependencies: layers.map { .target(name: $0.name) } + ["LinkifyTestSupport"]),
        .testTarget(name: "LinkifyFoundationTests", dependencies: ["LinkifyFoundation"]),
        .testTarget(name: "LinkifyCLITests", dependencies: layers.map { .target(name: $0.name) } + ["LinkifyCLI", "LinkifyTestSupport"]),
    ]
)
