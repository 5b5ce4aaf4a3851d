// swift-tools-version: 6.1
// The smallest app on ThreeDucks, depending on it as the README's "Installation" says, by
// path: the manifest lines of the README and of Getting Started, built in CI (.ci/run). Other
// example apps go beside it, under Examples/.
import PackageDescription

let package = Package(
    name: "MinimalApp",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    dependencies: [.package(name: "ThreeDucks", path: "../..")],
    targets: [
        .target(
            name: "MinimalApp",
            dependencies: [
                .product(name: "Effects", package: "ThreeDucks"),
                .product(name: "Redux", package: "ThreeDucks"),
            ]
        ),
        .executableTarget(name: "minimal-app", dependencies: ["MinimalApp"]),
        .testTarget(
            name: "MinimalAppTests",
            dependencies: [
                "MinimalApp",
                .product(name: "Effects", package: "ThreeDucks"),
                .product(name: "ReduxTesting", package: "ThreeDucks"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
