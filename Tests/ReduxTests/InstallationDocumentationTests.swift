import Foundation
import TestSupport
import Testing

// The manifest the README and Getting Started show is a whole Package.swift for a new package.
// It cannot be compiled as a snippet: it is checked part by part against this package, then
// SwiftPM itself loads it, with its path pointing at this folder, and resolves every product it
// names (`swift package show-dependencies`: the manifests and the package graph, a few seconds;
// building the new package would compile the libraries again, minutes). CI builds
// Examples/MinimalApp, which depends on this package the same way.

@Suite struct InstallationDocumentationTests {
    @Test("the README and Getting Started show the same manifest")
    func sameManifestInBoth() throws {
        let readme = try manifestBlock(in: "README.md")
        let article = try manifestBlock(in: "Sources/Redux/Redux.docc/GettingStarted.md")
        #expect(readme == article)
    }

    @Test("the manifest asks for this package's tools version and platforms")
    func toolsVersionAndPlatforms() throws {
        let manifest = try manifestBlock(in: "README.md")
        let package = try readFile("Package.swift").split(separator: "\n").map(String.init)
        #expect(manifest.first == package.first, "the swift-tools-version line differs")
        let platforms = try #require(package.first { $0.contains("platforms: [") })
        #expect(
            manifest.map(trimmed).contains(trimmed(platforms)),
            "the manifest's platforms are not Package.swift's: \(trimmed(platforms))")
    }

    @Test("the path form names the package, and every product is one of its libraries")
    func pathFormAndProducts() throws {
        let manifest = try manifestBlock(in: "README.md")
        #expect(manifest.contains { $0.contains(#".package(name: "ThreeDucks", path: ""#) })
        let products = manifest.compactMap {
            $0.firstMatch(of: /\.product\(name: "(\w+)", package: "(\w+)"\)/)
        }
        #expect(Set(products.map { String($0.output.1) }) == ["Effects", "Redux", "ReduxTesting"])
        #expect(products.allSatisfy { $0.output.2 == "ThreeDucks" })
        let package = try readFile("Package.swift")
        for product in products.map({ String($0.output.1) }) {
            #expect(package.contains(".library(name: \"\(product)\""), "\(product) is no library")
        }
    }

    @Test("SwiftPM resolves the manifest as written, its path leading to this package")
    func swiftPMResolvesTheManifest() throws {
        let folder = try TemporaryDirectory()
        let manifest = try manifestBlock(in: "README.md").joined(separator: "\n")
        #expect(manifest.contains(#"path: "../ThreeDucks""#))
        try FileManager.default.createDirectory(
            atPath: folder.file("Sources/TeaApp"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: folder.file("Tests/TeaAppTests"), withIntermediateDirectories: true)
        try folder.write(
            manifest.replacingOccurrences(of: "../ThreeDucks", with: root.path) + "\n",
            to: "Package.swift")
        try folder.write("import Redux\n", to: "Sources/TeaApp/main.swift")
        try folder.write("import ReduxTesting\n", to: "Tests/TeaAppTests/TeaAppTests.swift")

        let (status, output) = try run(
            "swift", "package", "--package-path", folder.path, "show-dependencies")
        #expect(status == 0, "swift package show-dependencies failed:\n\(output)")
        #expect(!output.contains("error:"), "\(output)")
    }

    @Test("CI builds, runs and tests Examples/MinimalApp")
    func ciBuildsTheExample() throws {
        let ci = try readFile(".ci/run")
        #expect(ci.contains("--package-path Examples/MinimalApp"))
        let example = try readFile("Examples/MinimalApp/Package.swift")
        #expect(example.contains(#".package(name: "ThreeDucks", path: "../..")"#))
    }
}

/// The package's root folder: this file is Tests/ReduxTests/InstallationDocumentationTests.swift.
private let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func readFile(_ path: String) throws -> String {
    try String(contentsOf: root.appending(path: path), encoding: .utf8)
}

private func trimmed(_ line: String) -> String {
    line.trimmingCharacters(in: .whitespaces)
}

/// The lines of the one swift block of a document marked as a package manifest.
private func manifestBlock(in path: String) throws -> [String] {
    let manifests = Document(path: path, markdown: try readFile(path)).snippets
        .filter { $0.skipReason?.hasPrefix("a package manifest") == true }
    try #require(manifests.count == 1, "\(path) shows \(manifests.count) manifests")
    return manifests[0].lines
}

/// Runs a program found on the PATH; returns its exit status and what it printed, both streams.
private func run(_ arguments: String...) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}
