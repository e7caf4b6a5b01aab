import Foundation
import Pipeline
import PreviewSite

/// The publishing flags of `generate` (`--base-url`, `--archive`), parsed into `PublishingOptions`.
enum PublishingArguments {
    static func apply(_ arguments: ParsedArguments, to publishing: inout PublishingOptions) throws(UsageError) {
        if let text = arguments.value("base-url") {
            guard let urls = PublicURLs(base: text) else {
                throw UsageError(message: "The value '\(text)' is invalid for '--base-url <url>': expected an http(s) address without query or fragment, e.g. https://example.com/emoticons/")
            }
            publishing.baseURL = urls
        }
        if let path = arguments.value("archive") { publishing.archive = URL(fileURLWithPath: path) }
        if arguments.has("no-cache") && arguments.value("cache") != nil {
            throw UsageError(message: "'--cache' and '--no-cache' cannot be used together")
        }
        if let path = arguments.value("cache") {
            publishing.cache = URL(fileURLWithPath: path)
        } else if !arguments.has("no-cache") {
            publishing.cache = CLI.userCache
        }
        if let text = arguments.value("shard") {
            guard let shard = ShardSpec(text) else {
                throw UsageError(message: "The value '\(text)' is invalid for '--shard <k/n>': expected K/N with 1 <= K <= N <= 1000, e.g. 2/4")
            }
            publishing.shard = shard
        }
    }
}
