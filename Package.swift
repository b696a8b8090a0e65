// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "linkify",
    products: [
        .library(name: "LinkifyCore", targets: ["LinkifyCore"]),
        .library(name: "LinkifyCLI", targets: ["LinkifyCLI"]),
        .executable(name: "linkify", targets: ["linkify"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "LinkifyCore"),
        .target(name: "LinkifyCLI", dependencies: ["LinkifyCore"]),
        .executableTarget(name: "linkify", dependencies: ["LinkifyCLI"]),
        .testTarget(name: "LinkifyCoreTests", dependencies: ["LinkifyCore"]),
        .testTarget(name: "LinkifyCLITests", dependencies: ["LinkifyCLI", "LinkifyCore"]),
    ]
)
