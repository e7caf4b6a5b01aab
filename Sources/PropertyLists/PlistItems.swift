import Foundation

/// The items of a plist's root array. Those of an XML plist read by `XMLPlistReader` are parsed
/// one at a time when read (each item once per read), so a large pack is never in memory as
/// values all at once.
public struct PlistItems: RandomAccessCollection {
    private enum Storage {
        case values([Any])
        case xml(Data, ranges: [Range<Int>])
    }

    private let storage: Storage

    public init(_ values: [Any]) { storage = .values(values) }

    init(data: Data, ranges: [Range<Int>]) { storage = .xml(data, ranges: ranges) }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .values(let values): return values.count
        case .xml(_, let ranges): return ranges.count
        }
    }

    public subscript(position: Int) -> Any {
        switch storage {
        case .values(let values): return values[position]
        case .xml(let data, let ranges): return XMLPlistReader.item(in: data, range: ranges[position])
        }
    }
}
