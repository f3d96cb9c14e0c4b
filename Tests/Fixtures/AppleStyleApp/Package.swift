// swift-tools-version: 6.1
//
// An app outside HapticRender that depends on it by path, as docs/core-haptics-api.md says to:
// `name:` names the dependency, so the product reference does not depend on the folder the
// checkout is in. Scripts/apple-style-app.sh builds it and records it running.
import PackageDescription

let package = Package(
    name: "AppleStyleApp",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "HapticRender", path: "../../..")],
    targets: [
        .executableTarget(
            name: "AppleStyleApp",
            dependencies: [.product(name: "OpenCoreHaptics", package: "HapticRender")])
    ]
)
