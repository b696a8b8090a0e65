// swift-tools-version:6.0
import PackageDescription

// linkify uses no Swift concurrency (threads are pthreads, see WorkerThreads),
// but every module imports _Concurrency implicitly, which links
// libswift_Concurrency, libdispatch and libBlocksRuntime into the binary:
// loading and relocating them was about 0.5 M instructions and 0.6 ms of
// every run's start-up (docs/benchmarks.md, "Start-up").
let noConcurrencyRuntime: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-implicit-concurrency-module-import"]),
]

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
        .target(name: "LinkifyCLI", dependencies: ["LinkifyCore"], swiftSettings: noConcurrencyRuntime),
        .executableTarget(name: "linkify", dependencies: ["LinkifyCLI"], swiftSettings: noConcurrencyRuntime),
        .testTarget(name: "LinkifyCoreTests", dependencies: ["LinkifyCore"]),
        .testTarget(name: "LinkifyCLITests", dependencies: ["LinkifyCLI", "LinkifyCore"]),
    ]
)
