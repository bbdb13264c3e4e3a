import Foundation

// MARK: - Archiving resolved view trees

/// Encodes and decodes resolved view trees (`ViewNode`) as JSON, so a tree resolved in a widget extension
/// process can be laid out and drawn by the preview process.
///
/// WidgetKit does the same on iOS: the extension archives the view hierarchy of each entry and the system
/// renders the archive, never the extension's code ("Keeping a widget up to date", Apple Developer
/// Documentation). Every type of the tree is `Codable` with the compiler's synthesized form; lengths keep
/// their units (points), dates are seconds since 2001-01-01 (Foundation's default), infinite frame maxima
/// are the strings `+inf`/`-inf`. An intent cannot cross a process: its tap target carries an id that the
/// archiving process keeps in an `IntentTable`; the decoding side runs it through an `IntentPerformer`.
public enum ViewTreeArchive {
    /// The archive's format version; a reader refuses another one. Raise it when a tree type's stored form changes.
    public static let formatVersion = 1

    /// A JSON encoder for trees; `intents` records the intents of the trees it encodes (nil: intents are
    /// archived without an id, and cannot be performed after decoding).
    public static func makeEncoder(intents: IntentTable? = nil) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        if let intents { encoder.userInfo[IntentTable.userInfoKey] = intents }
        return encoder
    }

    /// A JSON decoder for trees; `performer` runs the decoded trees' intents (nil: performing one throws
    /// `ArchivedIntentError.notPerformable`).
    public static func makeDecoder(performer: IntentPerformer? = nil) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        if let performer { decoder.userInfo[IntentPerformer.userInfoKey] = performer }
        return decoder
    }

    /// The JSON archive of `node`.
    /// - Throws: `EncodingError` (not expected for a resolved tree: every value it holds is encodable).
    public static func encode(_ node: ViewNode, intents: IntentTable? = nil) throws -> Data {
        try makeEncoder(intents: intents).encode(node)
    }

    /// The tree archived in `data`.
    /// - Throws: `DecodingError` naming the coding path of the first value that does not fit.
    public static func decode(_ data: Data, performer: IntentPerformer? = nil) throws -> ViewNode {
        try makeDecoder(performer: performer).decode(ViewNode.self, from: data)
    }
}

/// The intents of the trees an extension process archived, by id, so the preview can ask it to perform one.
///
/// Two intents with the same type and parameter values share an id (they are equal as `IntentReference`s),
/// so the table grows with the distinct intents a widget shows, not with the number of renders.
public final class IntentTable: @unchecked Sendable {
    static let userInfoKey = CodingUserInfoKey(rawValue: "widgetterm.intentTable")!
    private let lock = NSLock()
    private var intents: [String: any AppIntent] = [:]

    /// An empty table.
    public init() {}

    /// Keeps `reference`'s intent and returns its id.
    public func register(_ reference: IntentReference) -> String {
        if let archived = reference.intent as? ArchivedIntent, let id = archived.id { return id }
        let id = reference.description
        lock.withLock { intents[id] = reference.intent }
        return id
    }

    /// Keeps `intent` under an `id` of the caller's choosing (an intent made when it is performed: a control
    /// toggle's action with its new value).
    public func register(_ intent: any AppIntent, id: String) {
        lock.withLock { intents[id] = intent }
    }

    /// The intent registered under `id`, nil when there is none.
    public func intent(withID id: String) -> (any AppIntent)? { lock.withLock { intents[id] } }

    /// The number of intents kept.
    public var count: Int { lock.withLock { intents.count } }
}

/// Runs an archived intent by id in the process that archived it (the preview's side of `IntentTable`).
public struct IntentPerformer: Sendable {
    static let userInfoKey = CodingUserInfoKey(rawValue: "widgetterm.intentPerformer")!
    /// Performs the intent with the given id; throws what the intent threw, or why it could not run.
    public let perform: @Sendable (String) async throws -> Void

    /// A performer that runs an intent by id with `perform`.
    public init(perform: @escaping @Sendable (String) async throws -> Void) { self.perform = perform }
}

/// Why an archived intent did not run.
public enum ArchivedIntentError: Error, Equatable, CustomStringConvertible {
    /// The tree was decoded without a performer, or archived without an intent table.
    case notPerformable(String)

    /// Names the intent and says it was archived without a process to run it in.
    public var description: String {
        switch self {
        case .notPerformable(let name):
            return "\(name) was archived without a process to run it in"
        }
    }
}

/// The stand-in for an intent decoded from an archive: performing it asks the archiving process, by id.
public struct ArchivedIntent: AppIntent {
    /// The intent's title, as AppIntents' `AppIntent.title`: "Archived intent".
    public static var title: LocalizedStringResource { "Archived intent" }
    /// The id in the archiving process's `IntentTable`; nil when it was archived without one.
    public let id: String?
    let name: String
    let performer: IntentPerformer?

    /// An archived intent with no id and no performer, as `AppIntent` requires; performing it throws `ArchivedIntentError.notPerformable`.
    public init() {
        id = nil
        name = "an intent"
        performer = nil
    }

    init(id: String?, name: String, performer: IntentPerformer?) {
        self.id = id
        self.name = name
        self.performer = performer
    }

    /// Asks the archiving process to perform the intent, as AppIntents' `AppIntent.perform()`.
    /// - Throws: `ArchivedIntentError.notPerformable` without an id or performer, else what the process threw.
    public func perform() async throws -> IntentResultValue {
        guard let id, let performer else { throw ArchivedIntentError.notPerformable(name) }
        try await performer.perform(id)
        return .result()
    }
}

extension IntentReference: Codable {
    private enum CodingKeys: String, CodingKey { case typeName, title, parameters, id }

    /// Decodes a reference whose intent is an `ArchivedIntent`, run through the decoder's `IntentPerformer` if it has one.
    /// - Throws: `DecodingError` when the type name, title or parameters are missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let typeName = try container.decode(String.self, forKey: .typeName)
        self.typeName = typeName
        title = try container.decode(String.self, forKey: .title)
        parameters = try container.decode([String].self, forKey: .parameters)
        let performer = decoder.userInfo[IntentPerformer.userInfoKey] as? IntentPerformer
        intent = ArchivedIntent(
            id: try container.decodeIfPresent(String.self, forKey: .id), name: typeName, performer: performer)
    }

    /// Encodes the type name, title and parameters, and the intent's id: registered in the encoder's `IntentTable`,
    /// or kept from an archived intent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(typeName, forKey: .typeName)
        try container.encode(title, forKey: .title)
        try container.encode(parameters, forKey: .parameters)
        if let table = encoder.userInfo[IntentTable.userInfoKey] as? IntentTable {
            try container.encode(table.register(self), forKey: .id)
        } else if let archived = intent as? ArchivedIntent, let id = archived.id {
            try container.encode(id, forKey: .id)
        }
    }
}

extension CatalogBitmap: Codable {
    private enum CodingKeys: String, CodingKey { case name, pixelWidth, pixelHeight, scale, pixels, isTemplate }

    /// Decodes a bitmap; its pixels are base64 (Foundation's `Data` form).
    /// - Throws: `DecodingError.dataCorrupted` when the pixel count does not match the size.
    public convenience init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let width = try container.decode(Int.self, forKey: .pixelWidth)
        let height = try container.decode(Int.self, forKey: .pixelHeight)
        let pixels = try container.decode(Data.self, forKey: .pixels)
        guard width >= 0, height >= 0, pixels.count == width * height * 4 else {
            throw DecodingError.dataCorruptedError(
                forKey: .pixels, in: container,
                debugDescription: "\(pixels.count) bytes for a \(width)x\(height) bitmap; it needs 4 bytes per pixel")
        }
        self.init(
            name: try container.decode(String.self, forKey: .name), pixelWidth: width, pixelHeight: height,
            scale: try container.decode(Double.self, forKey: .scale), pixels: [UInt8](pixels),
            isTemplate: try container.decode(Bool.self, forKey: .isTemplate))
    }

    /// Encodes the bitmap; its pixels as base64 (Foundation's `Data` form).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(pixelWidth, forKey: .pixelWidth)
        try container.encode(pixelHeight, forKey: .pixelHeight)
        try container.encode(scale, forKey: .scale)
        try container.encode(Data(pixels), forKey: .pixels)
        try container.encode(isTemplate, forKey: .isTemplate)
    }
}

extension ResolveSink {
    /// Records a container background that a body resolved in another process found (the last one wins).
    public func recordContainerBackground(_ node: ViewNode) { setContainerBackground(node) }
}

extension WidgetDescriptor {
    /// A widget whose calls are answered elsewhere (an extension process): the host builds it from an
    /// archived description and closures that ask that process.
    public static func archived(
        kind: String, displayName: String, description: String, supportedFamilies: [WidgetFamily],
        contentMarginsDisabled: Bool, routes: [String],
        placeholder: @escaping (TimelineProviderContext) -> AnyTimelineEntry,
        snapshot: @escaping (TimelineProviderContext, @escaping (AnyTimelineEntry) -> Void) -> Void,
        timeline: @escaping (TimelineProviderContext, @escaping (AnyTimeline) -> Void) -> Void,
        content: @escaping (AnyTimelineEntry, ResolveContext) -> ViewNode
    ) -> WidgetDescriptor {
        WidgetDescriptor(
            kind: kind, displayName: displayName, description: description, supportedFamilies: supportedFamilies,
            contentMarginsDisabled: contentMarginsDisabled, routes: routes, placeholder: placeholder, snapshot: snapshot,
            timeline: timeline, content: content)
    }
}

extension AnyTimeline {
    /// A timeline of entries made elsewhere (an extension process), for the host.
    public static func archived(entries: [AnyTimelineEntry], policy: TimelineReloadPolicy) -> AnyTimeline {
        AnyTimeline(entries: entries, policy: policy)
    }
}
