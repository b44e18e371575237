import Foundation
import Testing
import Yams

/// Deploy/kubernetes's manifests agree with the programs they run: the Indexed Job's shards cover the rows (its
/// `completions` is the N of `--shard $(JOB_COMPLETION_INDEX)/N`) and retry without redrawing, and the server's
/// probes and port are the server's own.
@Suite("Kubernetes manifests")
struct DeployManifestTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Deploy/kubernetes").standardized

    /// The YAML documents of `name`, as dictionaries.
    static func documents(_ name: String) throws -> [[String: Any]] {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        return try Yams.load_all(yaml: text).compactMap { $0 as? [String: Any] }
    }

    /// The first container of a Job's or Deployment's pod template.
    static func container(of document: [String: Any]) throws -> [String: Any] {
        let spec = try #require(document["spec"] as? [String: Any])
        let pod = try #require((spec["template"] as? [String: Any])?["spec"] as? [String: Any])
        return try #require((pod["containers"] as? [[String: Any]])?.first)
    }

    @Test("the batch Job: Indexed, one shard per completion, --skip-existing for retries, outputs on the volume")
    func batchJob() throws {
        let job = try #require(try Self.documents("batch-job.yaml").first { $0["kind"] as? String == "Job" })
        let spec = try #require(job["spec"] as? [String: Any])
        #expect(spec["completionMode"] as? String == "Indexed")
        let args = try #require(try Self.container(of: job)["args"] as? [String])
        #expect(args.first == "batch" && args.contains("--skip-existing"))
        let shard = try #require(args.firstIndex(of: "--shard").map { args[$0 + 1] })
        #expect(shard.hasPrefix("$(JOB_COMPLETION_INDEX)/"))
        #expect(Int(shard.split(separator: "/").last ?? "") == spec["completions"] as? Int, "\(shard)")
        let out = try #require(args.firstIndex(of: "--out").map { args[$0 + 1] })
        let mounts = try #require(try Self.container(of: job)["volumeMounts"] as? [[String: Any]])
        #expect(mounts.contains { out.hasPrefix(($0["mountPath"] as? String ?? "?") + "/") }, "\(out)")
    }

    @Test("the server: replicas on one PostgreSQL store, probed at /readyz and /healthz on the port it listens on")
    func server() throws {
        let documents = try Self.documents("server.yaml")
        let deployment = try #require(documents.first { $0["kind"] as? String == "Deployment" })
        #expect(((deployment["spec"] as? [String: Any])?["replicas"] as? Int ?? 0) > 1)
        let container = try Self.container(of: deployment)
        let args = try #require(container["args"] as? [String])
        let port = try #require(args.firstIndex(of: "--port").flatMap { Int(args[$0 + 1]) })
        #expect(args.firstIndex(of: "--store").map { args[$0 + 1] } == "$(STORE_URL)")
        let ports = try #require(container["ports"] as? [[String: Any]])
        #expect(ports.first?["containerPort"] as? Int == port)
        let readiness = (container["readinessProbe"] as? [String: Any])?["httpGet"] as? [String: Any]
        let liveness = (container["livenessProbe"] as? [String: Any])?["httpGet"] as? [String: Any]
        #expect(readiness?["path"] as? String == "/readyz" && liveness?["path"] as? String == "/healthz")
        let env = (container["env"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(Set(env).isSuperset(of: ["STORE_URL", "MATTERTYPE_ADMIN_TOKEN", "MATTERTYPE_URL_SIGNING_KEYS"]))
        #expect(documents.contains { $0["kind"] as? String == "Service" })
    }
}
