// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ThreeDucks",
    // Observation begins with these; Synchronization (`Mutex`, `Atomic`) and task executors come
    // later, so the package reaches them only through `Lock` and `#available` (see .ci/run).
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Effects", targets: ["Effects"]),
        .library(name: "Redux", targets: ["Redux"]),
        .library(name: "ReduxTesting", targets: ["ReduxTesting"]),
        .library(name: "ReduxRecording", targets: ["ReduxRecording"]),
        .library(name: "ThreeDucks", targets: ["ThreeDucks"]),
        .executable(name: "three-ducks", targets: ["three-ducks"]),
    ],
    // Each target lists exactly the modules its sources import (CI builds with
    // --explicit-target-dependency-import-check error), plus, where a comment says so, a target
    // that must be linked in or built first without being imported.
    targets: [
        // A homegrown publisher type: effects, operators and schedulers. No Foundation.
        .target(name: "Effects"),

        // Store, reducers, middlewares and observers. No Foundation.
        .target(name: "Redux", dependencies: ["Effects"]),

        // TestStore: exhaustive store tests on virtual time, reporting through Swift Testing.
        .target(name: "ReduxTesting", dependencies: ["Redux", "Effects"]),

        // Records a store's actions as JSON Lines and replays them on virtual time. Foundation.
        .target(name: "ReduxRecording", dependencies: ["Redux", "Effects"]),

        // The card game's logic: model, pure reducer, middlewares. Foundation for files and JSON.
        .target(name: "ThreeDucks", dependencies: ["Redux", "Effects"]),

        // The terminal game: input, rendering and wiring only. swift run three-ducks
        // ThreadSanitizerSupport is linked in, not imported: it is empty but for one function
        // unless the executable is built with ThreadSanitizer, for the end-to-end tests.
        .executableTarget(
            name: "three-ducks",
            dependencies: [
                "ThreeDucks", "ReduxRecording", "Redux", "Effects", "SignalSafeSlots",
                "ThreadSanitizerSupport",
            ]
        ),

        // The terminal game's signal handlers keep the descriptors they use in C11 atomics, which
        // are safe to read in a handler on every platform (Swift's `Atomic` needs macOS 15).
        .target(name: "SignalSafeSlots"),

        // Test and benchmark support only: counts heap allocations per thread by
        // interposing malloc. Not a product; nothing ships with it.
        .target(name: "AllocationCounter"),

        // Under ThreadSanitizer only, tells it about the acquire and release in the slow paths of
        // Synchronization.Mutex, which it cannot see on Linux; otherwise one function that says
        // so. Linked into the test executable and the executables the tests run. Not a product.
        .target(name: "ThreadSanitizerSupport"),

        // The benchmark executable: swift run -c release benchmarks
        .executableTarget(
            name: "benchmarks",
            dependencies: ["Effects", "Redux", "ThreeDucks", "AllocationCounter"],
            path: "Benchmarks"
        ),

        // Test support only, shared by the test targets and the reliability helper: a temporary
        // folder, seeded decks, the game's rules as a referee, a game session on virtual time,
        // and the fixtures the helper writes. Not a product.
        .target(
            name: "TestSupport",
            dependencies: ["ThreeDucks", "Redux", "Effects"],
            path: "Tests/TestSupport"
        ),

        // Test support only: the child process of ReliabilityTests, which writes files until it
        // is killed, or reads them as an unprivileged user. Not a product.
        .executableTarget(
            name: "reliability-helper",
            dependencies: [
                "TestSupport", "ThreeDucks", "ReduxRecording", "Redux", "Effects",
                "ThreadSanitizerSupport",
            ],
            path: "Tests/ReliabilityHelper"
        ),

        // Test support only: a value the tests' threads share, with `Atomic`'s operations behind
        // the package's lock (`Atomic` needs macOS 15 / iOS 18). Not a product.
        .target(
            name: "ConcurrencyTestSupport", dependencies: ["Effects"],
            path: "Tests/ConcurrencyTestSupport"),

        .testTarget(
            name: "EffectsTests",
            dependencies: ["Effects", "AllocationCounter", "ConcurrencyTestSupport"]
        ),
        .testTarget(
            name: "ReduxTests",
            dependencies: [
                "Redux", "ReduxTesting", "Effects", "AllocationCounter", "TestSupport",
                "ConcurrencyTestSupport",
            ]
        ),
        .testTarget(
            name: "ReduxRecordingTests",
            dependencies: ["ReduxRecording", "Redux", "Effects", "TestSupport"]),
        .testTarget(
            name: "ThreeDucksTests",
            dependencies: [
                "ThreeDucks", "ReduxTesting", "ReduxRecording", "Redux", "Effects", "TestSupport",
            ]
        ),
        // reliability-helper is not imported: it is built first, for the tests to run it.
        .testTarget(
            name: "ReliabilityTests",
            dependencies: [
                "reliability-helper", "TestSupport", "ThreadSanitizerSupport", "ThreeDucks",
                "ReduxRecording", "Redux",
                "Effects", "ConcurrencyTestSupport",
            ]
        ),
        .testTarget(
            name: "ThreeDucksCLITests",
            dependencies: ["three-ducks", "TestSupport", "ThreeDucks", "ReduxRecording", "Effects"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
