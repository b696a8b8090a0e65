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

let package = Package(
    name: "linkify",
    products: [
        .library(name: "LinkifyCore", targets: ["LinkifyCore"]),
        .library(name: "LinkifyCLI", targets: ["LinkifyCLI"]),
        .executable(name: "linkify", targets: ["linkify"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "LinkifyCore", swiftSettings: noConcurrencyRuntime),
        .target(name: "LinkifyCLI", dependencies: ["LinkifyCore"],
                exclude: ["README.md", "Commands/README.md", "Files/README.md", "Flags/README.md", "Jobs/README.md"],
                swiftSettings: noConcurrencyRuntime),
        .executableTarget(name: "linkify", dependencies: ["LinkifyCLI"], exclude: ["README.md"], swiftSettings: noConcurrencyRuntime,
                          linkerSettings: staticStandardLibrary),
        // What the tests share: the one helper that spawns a program, the
        // in-process driver runner, temporary folders (not a product).
        .target(name: "LinkifyTestSupport", dependencies: ["LinkifyCLI"], path: "Tests/LinkifyTestSupport"),
        .testTarget(name: "LinkifyCoreTests", dependencies: ["LinkifyCore", "LinkifyTestSupport"]),
        .testTarget(name: "LinkifyCLITests", dependencies: ["LinkifyCLI", "LinkifyCore", "LinkifyTestSupport"]),
    ]
)

// Each folder's README.md says what lives there and what it may use
// (docs/architecture.md); it is neither a source nor a resource of the target.
let coreFolderReadmes = [
    "Annotation/README.md",
    "Detectors/Address/README.md",
    "Detectors/Date/README.md",
    "Detectors/Phone/README.md",
    "Detectors/README.md",
    "Detectors/Social/README.md",
    "Detectors/URL/README.md",
    "Detectors/UserRules/README.md",
    "Finding/README.md",
    "Input/HTML/README.md",
    "Input/Markdown/README.md",
    "Input/README.md",
    "Lint/README.md",
    "Model/README.md",
    "README.md",
    "Rendering/README.md",
    "Tables/README.md",
    "Text/README.md",
]
package.targets.first { $0.name == "LinkifyCore" }!.exclude += coreFolderReadmes
