import Foundation
import Testing

// The manifest lines the README and Getting Started show cannot be compiled by a test: they are
// checked against the package that is, Examples/MinimalApp, which CI builds, runs and tests.

@Suite struct InstallationDocumentationTests {
    @Test("the README and Getting Started show the same manifest lines")
    func sameManifestInBoth() throws {
        let readme = try manifestBlock(in: "README.md")
        let article = try manifestBlock(in: "Sources/Redux/Redux.docc/GettingStarted.md")
        #expect(readme == article)
        #expect(readme.contains { $0.contains(".package(url:") && $0.contains("from:") })
    }

    @Test("the products the manifest lines name are libraries, used by Examples/MinimalApp")
    func productsExistAndAreBuilt() throws {
        let products = try manifestBlock(in: "README.md")
            .compactMap { $0.firstMatch(of: /\.product\(name: "(\w+)", package: "ThreeDucks"\)/) }
            .map { String($0.output.1) }
        #expect(Set(products) == ["Effects", "Redux", "ReduxTesting"])
        let package = try readFile("Package.swift")
        let example = try readFile("Examples/MinimalApp/Package.swift")
        for product in products {
            #expect(package.contains(".library(name: \"\(product)\""), "\(product) is no library")
            #expect(
                example.contains(".product(name: \"\(product)\", package: \"ThreeDucks\")"),
                "Examples/MinimalApp does not use \(product)")
        }
    }

    @Test("CI builds, runs and tests Examples/MinimalApp")
    func ciBuildsTheExample() throws {
        let ci = try readFile(".ci/run")
        #expect(ci.contains("--package-path Examples/MinimalApp"))
    }
}

/// The package's root folder: this file is Tests/ReduxTests/InstallationDocumentationTests.swift.
private let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func readFile(_ path: String) throws -> String {
    try String(contentsOf: root.appending(path: path), encoding: .utf8)
}

/// The lines of the one swift block of a document marked as a package manifest.
private func manifestBlock(in path: String) throws -> [String] {
    let manifests = Document(path: path, markdown: try readFile(path)).snippets
        .filter { $0.skipReason?.hasPrefix("a package manifest") == true }
    try #require(manifests.count == 1, "\(path) shows \(manifests.count) manifests")
    return manifests[0].lines
}
