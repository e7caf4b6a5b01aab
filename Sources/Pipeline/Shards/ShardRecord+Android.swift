import AndroidOutput
import Settings

extension ShardRecord {
    /// With `--android`: this shard's pages at each density (`AndroidDensitySheets`), the files
    /// its folder holds besides those `check()` implies; none without. A file of its own, so the
    /// record's checks (compiled into the shard-record fuzzer) need no output writer. Call after
    /// `check()`, which refuses outputs no row would make.
    func androidFiles() -> Set<String> {
        guard let android = (try? OutputRequests(recorded: site.outputs))?.android else { return [] }
        let names = AndroidResourceNames(tabIDs: tabs.map(\.id))
        var files = Set<String>()
        for (index, tab) in tabs.enumerated() where tab.shard == shard.index {
            for page in 0..<tab.pages {
                for density in android.densities { files.insert(AndroidWriter.sheetPath(density: density, name: names.page(tab: index, page: page))) }
            }
        }
        return files
    }
}
