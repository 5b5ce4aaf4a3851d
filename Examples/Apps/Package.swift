// swift-tools-version: 6.1
// Small apps written the way a user of ThreeDucks would write them, each with its own TestStore
// tests on virtual time. It depends on the library by path; CI builds and tests it (.ci/run).
import PackageDescription

let package = Package(
    name: "ExampleApps",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    dependencies: [.package(name: "ThreeDucks", path: "../..")],
    targets: [
        .target(
            name: "Search",
            dependencies: [
                .product(name: "Effects", package: "ThreeDucks"),
                .product(name: "Redux", package: "ThreeDucks"),
            ]
        ),
        .testTarget(
            name: "SearchTests",
            dependencies: [
                "Search",
                .product(name: "Effects", package: "ThreeDucks"),
                .product(name: "ReduxTesting", package: "ThreeDucks"),
            ]
        ),
        .target(
            name: "Todos",
            dependencies: [
                .product(name: "Effects", package: "ThreeDucks"),
                .product(name: "Redux", package: "ThreeDucks"),
            ]
        ),
        .testTarget(
            name: "TodosTests",
            dependencies: [
                "Todos",
                .product(name: "Effects", package: "ThreeDucks"),
                .product(name: "ReduxTesting", package: "ThreeDucks"),
            ]
        ),
        .target(
            name: "Timers",
            dependencies: [
                .product(name: "Effects", package: "ThreeDucks"),
                .product(name: "Redux", package: "ThreeDucks"),
            ]
        ),
        .testTarget(
            name: "TimersTests",
            dependencies: [
                "Timers",
                .product(name: "Effects", package: "ThreeDucks"),
                .product(name: "ReduxTesting", package: "ThreeDucks"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
