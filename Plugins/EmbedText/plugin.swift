import PackagePlugin

/// Compiles each `.js` file of a target into a Swift string constant named after it
/// (`audition.js` → `auditionJS`), through the `embed-text` tool.
@main
struct EmbedText: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "embed-text")
        return target.sourceFiles(withSuffix: "js").map { file in
            let stem = file.url.deletingPathExtension().lastPathComponent
            let output = context.pluginWorkDirectoryURL.appending(path: "\(stem).js.swift")
            return .buildCommand(
                displayName: "Embedding \(file.url.lastPathComponent)",
                executable: tool.url,
                arguments: [file.url.path, output.path, stem + "JS"],
                inputFiles: [file.url],
                outputFiles: [output])
        }
    }
}
