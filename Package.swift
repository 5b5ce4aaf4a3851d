// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ThreeDucks",
    products: [
        .library(name: "Effects", targets: ["Effects"]),
    ],
    targets: [
        // A homegrown publisher type: effects, operators and schedulers. No Foundation.
        .target(name: "Effects"),

        // Test and benchmark support only: counts heap allocations per thread by
        // interposing malloc. Not a product; nothing ships with it.
        .target(name: "AllocationCounter"),

        .testTarget(name: "EffectsTests", dependencies: ["Effects", "AllocationCounter"]),
    ],
    swiftLanguageModes: [.v6]
)
