// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ThreeDucks",
    products: [
        .library(name: "Effects", targets: ["Effects"]),
        .library(name: "Redux", targets: ["Redux"]),
        .library(name: "ReduxTesting", targets: ["ReduxTesting"]),
    ],
    targets: [
        // A homegrown publisher type: effects, operators and schedulers. No Foundation.
        .target(name: "Effects"),

        // Store, reducers, middlewares and observers. No Foundation.
        .target(name: "Redux", dependencies: ["Effects"]),

        // TestStore: exhaustive store tests on virtual time, reporting through Swift Testing.
        .target(name: "ReduxTesting", dependencies: ["Redux", "Effects"]),

        // Test and benchmark support only: counts heap allocations per thread by
        // interposing malloc. Not a product; nothing ships with it.
        .target(name: "AllocationCounter"),

        // The benchmark executable: swift run -c release benchmarks
        .executableTarget(
            name: "benchmarks",
            dependencies: ["Effects", "Redux", "AllocationCounter"],
            path: "Benchmarks"
        ),

        .testTarget(name: "EffectsTests", dependencies: ["Effects", "AllocationCounter"]),
        .testTarget(name: "ReduxTests", dependencies: ["Redux", "ReduxTesting", "AllocationCounter"]),
    ],
    swiftLanguageModes: [.v6]
)
