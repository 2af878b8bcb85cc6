import Foundation
import Yams

@testable import RepoWatchSupport

/// Runs one job of a workflow the way a GitHub runner would, as far as the generated workflow needs:
/// `run:` steps in bash with GitHub's environment and files (`GITHUB_OUTPUT`, `GITHUB_ENV`), `if:`
/// conditions, `${{ }}` expressions, and `uses:` steps either stubbed by the test or, for a composite
/// action whose folder the test names, run step by step from its action.yml.
final class WorkflowRunner {
    /// What a stubbed `uses:` step receives: its evaluated `with:`; it returns its outputs.
    typealias Stub = (_ with: [String: String], _ runner: WorkflowRunner) throws -> [String: String]

    let workspace: URL
    let temp: URL
    /// The runner's environment (PATH, HOME, GITHUB_*, RUNNER_*), plus what steps add via GITHUB_ENV.
    var environment: [String: String]
    /// The `github` context (`github.token`, `github.run_id`…), without the prefix.
    var github: [String: String]
    var stubs: [String: Stub] = [:]
    /// `owner/name@ref` → the folder holding its action.yml.
    var compositeActions: [String: URL] = [:]
    /// Every step that ran or was skipped, in order, with the composite action's steps indented.
    private(set) var log: [String] = []
    /// Each `run:` step's standard output and error, for failure messages.
    private(set) var transcript = ""
    /// What each `run:` step appended to its `GITHUB_STEP_SUMMARY`, by step name (non-empty ones only).
    private(set) var summaries: [(step: String, markdown: String)] = []
    /// The annotations (`::warning file=…,line=…::…`) the steps printed, unescaped as the runner does.
    private(set) var annotations: [WorkflowAnnotation] = []

    init(workspace: URL, temp: URL, environment: [String: String], github: [String: String]) {
        self.workspace = workspace
        self.temp = temp
        self.environment = environment
        self.github = github
    }

    /// Runs `job`'s steps; returns the `steps` context (id → outputs).
    @discardableResult
    func run(job: Node, workflowEnv: Node?) throws -> [String: [String: String]] {
        var env = try evaluatedMap(workflowEnv, WorkflowExpression(values: prefixed("github", github)))
        env.merge(try evaluatedMap(job["env"], WorkflowExpression(values: prefixed("github", github)))) { $1 }
        return try runSteps(job["steps"]?.sequence.map(Array.init) ?? [], inputs: nil, env: env, depth: 0)
    }

    private func runSteps(_ steps: [Node], inputs: [String: String]?, env: [String: String], depth: Int) throws
        -> [String: [String: String]]
    {
        var outputs: [String: [String: String]] = [:]
        for step in steps {
            var context = WorkflowExpression(values: prefixed("github", github))
            if let inputs { context.values.merge(prefixed("inputs", inputs)) { $1 } }
            context.values.merge(prefixed("env", env)) { $1 }
            for (id, values) in outputs {
                for (name, value) in values { context.values["steps.\(id).outputs.\(name)"] = value }
            }
            let name = step["name"]?.string ?? step["uses"]?.string ?? "step"
            let indent = String(repeating: "  ", count: depth)
            guard try context.condition(step["if"]?.string) else {
                log.append(indent + "skipped: " + name)
                continue
            }
            log.append(indent + name)
            let stepEnv = env.merging(try evaluatedMap(step["env"], context)) { $1 }
            var produced: [String: String] = [:]
            if let script = step["run"]?.string {
                produced = try runScript(try context.substitute(script), env: stepEnv, name: name)
            } else if let uses = step["uses"]?.string {
                let with = try evaluatedMap(step["with"], context)
                if let folder = compositeActions[uses] {
                    produced = try runComposite(uses, folder: folder, with: with, env: stepEnv, depth: depth + 1)
                } else if let stub = stubs[uses] {
                    produced = try stub(with, self)
                } else {
                    throw WorkflowError("no stub for uses: \(uses)")
                }
            } else {
                throw WorkflowError("step \(name) has neither run nor uses")
            }
            if let id = step["id"]?.string { outputs[id] = produced }
        }
        return outputs
    }

    private func runComposite(_ uses: String, folder: URL, with: [String: String], env: [String: String], depth: Int)
        throws -> [String: String]
    {
        let text = try String(contentsOf: folder.appendingPathComponent("action.yml"), encoding: .utf8)
        let action = try Yams.compose(yaml: text)
        guard let action, action["runs"]?["using"]?.string == "composite" else {
            throw WorkflowError("\(uses) is not a composite action")
        }
        let parts = uses.split(separator: "@", maxSplits: 1).map(String.init)
        let saved = github
        github["action_repository"] = parts[0]
        github["action_ref"] = parts.count > 1 ? parts[1] : ""
        defer { github = saved }

        var inputs: [String: String] = [:]
        let defaults = WorkflowExpression(values: prefixed("github", github))
        for (key, spec) in action["inputs"]?.mapping ?? [:] {
            guard let name = key.string else { continue }
            if let given = with[name] {
                inputs[name] = given
            } else if spec["required"]?.bool == true {
                throw WorkflowError("\(uses): required input \(name) not given")
            } else {
                inputs[name] = try defaults.substitute(spec["default"]?.string ?? "")
            }
        }
        for name in with.keys where inputs[name] == nil { throw WorkflowError("\(uses) has no input \(name)") }

        var stepEnv = env
        stepEnv["GITHUB_ACTION_PATH"] = folder.path
        let steps = try runSteps(
            action["runs"]?["steps"]?.sequence.map(Array.init) ?? [], inputs: inputs, env: stepEnv, depth: depth)
        var context = WorkflowExpression(values: prefixed("github", github))
        for (id, values) in steps {
            for (name, value) in values { context.values["steps.\(id).outputs.\(name)"] = value }
        }
        var outputs: [String: String] = [:]
        for (key, spec) in action["outputs"]?.mapping ?? [:] {
            if let name = key.string { outputs[name] = try context.substitute(spec["value"]?.string ?? "") }
        }
        return outputs
    }

    /// GitHub's `shell: bash`: `bash --noprofile --norc -eo pipefail FILE`, in the workspace.
    private func runScript(_ script: String, env: [String: String], name: String) throws -> [String: String] {
        let id = UUID().uuidString
        let file = temp.appendingPathComponent("step-\(id).sh")
        let outputFile = temp.appendingPathComponent("output-\(id)")
        let envFile = temp.appendingPathComponent("env-\(id)")
        let summaryFile = temp.appendingPathComponent("step_summary_\(id)")
        try Data(script.utf8).write(to: file)
        for url in [outputFile, envFile, summaryFile] { try Data().write(to: url) }

        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--noprofile", "--norc", "-eo", "pipefail", file.path]
        process.currentDirectoryURL = workspace
        var full = environment.merging(env) { $1 }
        full["GITHUB_OUTPUT"] = outputFile.path
        full["GITHUB_ENV"] = envFile.path
        full["GITHUB_STEP_SUMMARY"] = summaryFile.path
        process.environment = full
        let transcriptFile = temp.appendingPathComponent("transcript-\(id)")
        _ = FileManager.default.createFile(atPath: transcriptFile.path, contents: nil)
        let handle = try FileHandle(forWritingTo: transcriptFile)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let printed = (try? String(contentsOf: transcriptFile, encoding: .utf8)) ?? ""
        transcript += "--- \(name) (exit \(process.terminationStatus))\n\(printed)"
        // The runner reads workflow commands from both streams.
        annotations += printed.split(separator: "\n").compactMap { WorkflowAnnotation(line: String($0)) }
        let summary = try String(contentsOf: summaryFile, encoding: .utf8)
        if !summary.isEmpty { summaries.append((name, summary)) }
        guard process.terminationStatus == 0 else {
            throw WorkflowError("step \"\(name)\" failed with exit \(process.terminationStatus):\n\(printed)")
        }
        environment.merge(try Self.parseCommandFile(envFile)) { $1 }
        return try Self.parseCommandFile(outputFile)
    }

    /// `name=value` lines and `name<<DELIMITER` blocks, as in GITHUB_OUTPUT and GITHUB_ENV.
    static func parseCommandFile(_ url: URL) throws -> [String: String] {
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var values: [String: String] = [:]
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            if line.isEmpty { continue }
            if let heredoc = line.range(of: "<<"), !line[..<heredoc.lowerBound].contains("=") {
                let delimiter = String(line[heredoc.upperBound...])
                var body: [String] = []
                while index < lines.count, lines[index] != delimiter {
                    body.append(lines[index])
                    index += 1
                }
                index += 1
                values[String(line[..<heredoc.lowerBound])] = body.joined(separator: "\n")
            } else if let equals = line.firstIndex(of: "=") {
                values[String(line[..<equals])] = String(line[line.index(after: equals)...])
            } else {
                throw WorkflowError("malformed line in \(url.lastPathComponent): \(line)")
            }
        }
        return values
    }

    private func evaluatedMap(_ node: Node?, _ context: WorkflowExpression) throws -> [String: String] {
        var values: [String: String] = [:]
        for (key, value) in node?.mapping ?? [:] {
            guard let key = key.string else { continue }
            values[key] = try context.substitute(value.string ?? "")
        }
        return values
    }

    private func prefixed(_ prefix: String, _ values: [String: String]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: values.map { ("\(prefix).\($0.key)", $0.value) })
    }
}

/// One `::error|warning|notice [properties]::message` line, decoded with the runner's rules
/// (`%25`, `%0D`, `%0A` in the message; also `%3A`, `%2C` in properties).
struct WorkflowAnnotation: Equatable, CustomStringConvertible {
    var level: String
    var properties: [String: String]
    var message: String

    init(level: String, properties: [String: String], message: String) {
        self.level = level
        self.properties = properties
        self.message = message
    }

    init?(line: String) {
        guard let match = line.wholeMatch(of: /::(error|warning|notice)(?: ([^:]*))?::(.*)/) else { return nil }
        level = String(match.1)
        message = Self.unescape(String(match.3))
        var properties: [String: String] = [:]
        for pair in (match.2 ?? "").split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { properties[parts[0]] = Self.unescape(parts[1]) }
        }
        self.properties = properties
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
            .replacingOccurrences(of: "%25", with: "%")
    }

    var description: String { "::\(level) \(properties.sorted { $0.key < $1.key })::\(message)" }
}

/// A job runs for minutes, so a test hands the runner to a thread of its own (OwnThread) and waits: one
/// thread uses it at a time.
extension WorkflowRunner: @unchecked Sendable {}
