import Foundation
import Pipeline
import PipelineTestSupport
import Synchronization
import TestSupport
import Testing

/// What a run tells its progress observer: the steps in pipeline order, every page counted once
/// (pages reused from the page cache too), and the same output as without an observer.
struct GenerationProgressTests {
    final class Log: Sendable {
        let events = Mutex<[ProgressEvent]>([])
        var observer: GenerationProgress { GenerationProgress { [self] event in events.withLock { $0.append(event) } } }
        var all: [ProgressEvent] { events.withLock { $0 } }
    }

    static func expected(pages: Int) -> [ProgressEvent] {
        [.began(.readingPacks), .began(.renderingPages)] + (0...pages).map { .advanced(done: $0, total: pages) }
            + [.began(.drawingExtras), .began(.checkingSizes), .began(.writingManifests), .began(.writingSite), .began(.sealing)]
    }

    @Test func stepsAndEveryPageInOrder() throws {
        let root = Fixtures.temporaryDirectory()
        let packs = try PageCacheTests.packs(in: root)
        let cache = root.appendingPathComponent("cache")
        for (name, rendered) in [("cold", 3), ("warm", 0)] {
            let log = Log()
            var options = PipelineRun.options([packs], out: root.appendingPathComponent(name))
            options.publishing.cache = cache
            options.concurrency = 2
            options.progress = log.observer
            let report = try Generator(options: options).run()
            #expect(report.pages.rendered == rendered && report.pages.rendered + report.pages.reused == 3)
            // Reported from two worker threads, the count still rises one by one to 3 of 3.
            #expect(log.all == Self.expected(pages: 3), "\(name)")
        }
        let unobserved = root.appendingPathComponent("unobserved")
        _ = try Generator(options: PipelineRun.options([packs], out: unobserved)).run()
        #expect(FileTree.differences(root.appendingPathComponent("cold"), unobserved) == [])
    }

    @Test func mergeCountsShards() throws {
        let root = Fixtures.temporaryDirectory()
        let packs = try PageCacheTests.packs(in: root)
        var folders: [URL] = []
        for index in 1...2 {
            var options = PipelineRun.options([packs], out: root.appendingPathComponent("shard-\(index)"))
            options.publishing.shard = ShardSpec(index: index, count: 2)
            _ = try Generator(options: options).run()
            folders.append(options.output)
        }
        let log = Log()
        var merge = ShardMerge(output: root.appendingPathComponent("site"), shards: folders)
        merge.progress = log.observer
        _ = try merge.run()
        #expect(log.all == [.began(.checkingShards), .advanced(done: 0, total: 2), .advanced(done: 1, total: 2), .advanced(done: 2, total: 2), .began(.writingSite), .began(.sealing)])
    }
}
