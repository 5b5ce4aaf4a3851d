// swift-tools-version: 6.1
// Small apps written the way a user of ThreeDucks would write them, each with its own TestStore
// tests on virtual time. It depends on the library by path; CI builds and tests it (.ci/run).
import PackageDescription

/// An example app: its library target and its test target, which tests it with `ReduxTesting`.
func app(_ name: String) -> [Target] {
    [
        .target(
            name: name,
            dependencies: [
                .product(name: "Effects", package: "ThreeDucks"),
                .product(name: "Redux", package: "ThreeDucks"),
            ]
        ),
        .testTarget(
            name: "\(name)Tests",
            dependencies: [
                .target(name: name),
                .product(name: "Effects", package: "ThreeDucks"),
                .product(name: "ReduxTesting", package: "ThreeDucks"),
            ]
        ),
    ]
}

let package = Package(
    name: "ExampleApps",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    dependencies: [.package(name: "ThreeDucks", path: "../..")],
    targets: app("Search") + app("Todos") + app("Timers") + app("Navigation"),
    swiftLanguageModes: [.v6]
)
