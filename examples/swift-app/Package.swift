// swift-tools-version:6.0
// An app's package that uses linkify the way an app developer would: both
// library products, by path (a released app names the git URL and a version).
import PackageDescription

let package = Package(
    name: "RecipeNotes",
    dependencies: [.package(name: "linkify", path: "../..")],
    targets: [
        .target(name: "RecipeNotes", dependencies: [
            .product(name: "LinkifyCore", package: "linkify"),
            .product(name: "LinkifyFoundation", package: "linkify"),
        ]),
        .testTarget(name: "RecipeNotesTests", dependencies: ["RecipeNotes"]),
    ]
)
