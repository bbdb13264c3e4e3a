import Foundation

// MARK: - Combine's observable objects, as app model files use them

/// Stops a subscription when cancelled or released, as `Combine.AnyCancellable`.
public final class AnyCancellable: Hashable, @unchecked Sendable {
    private var cancelAction: (() -> Void)?

    /// A cancellable that runs `cancel` once, when cancelled or released.
    public init(_ cancel: @escaping () -> Void) { cancelAction = cancel }

    /// Ends the subscription, as `AnyCancellable.cancel()`.
    public func cancel() {
        let action = cancelAction
        cancelAction = nil
        action?()
    }

    /// Keeps the subscription in `set`, as `AnyCancellable.store(in:)`.
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }

    deinit { cancelAction?() }

    /// True when both are the same cancellable object (identity, not content).
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A list of subscribers that `send` calls in the order they subscribed.
final class SubscriberList<Output>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var subscribers: [Int: (Output) -> Void] = [:]

    func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
        let id = lock.withLock {
            next += 1
            subscribers[next] = receive
            return next
        }
        return AnyCancellable { [weak self] in
            guard let self else { return }
            _ = self.lock.withLock { self.subscribers.removeValue(forKey: id) }
        }
    }

    func send(_ value: Output) {
        let receivers = lock.withLock { subscribers.sorted { $0.key < $1.key }.map(\.value) }
        for receive in receivers { receive(value) }
    }
}

/// The publisher an `ObservableObject` sends on before a `@Published` property changes, as
/// `Combine.ObservableObjectPublisher`.
public final class ObservableObjectPublisher: @unchecked Sendable {
    let subscribers = SubscriberList<Void>()

    /// A publisher with no subscribers yet.
    public init() {}

    /// Tells subscribers the object is about to change, as `ObservableObjectPublisher.send()`.
    public func send() { subscribers.send(()) }

    /// Calls `receiveValue` before each change, as `Publisher.sink(receiveValue:)`.
    public func sink(receiveValue: @escaping () -> Void) -> AnyCancellable {
        subscribers.subscribe { receiveValue() }
    }
}

/// An object whose `@Published` properties announce changes, as `Combine.ObservableObject`. Widgets draw
/// each body once per entry, so nothing redraws on a change; app model files compile and run as written.
public protocol ObservableObject: AnyObject {
    /// The publisher sent on before a change.
    var objectWillChange: ObservableObjectPublisher { get }
}

/// One publisher per live object, made on first use.
enum ObjectWillChangeTable {
    nonisolated(unsafe) static var publishers: [ObjectIdentifier: (object: Weak, publisher: ObservableObjectPublisher)] = [:]
    static let lock = NSLock()

    final class Weak {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    static func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        lock.withLock {
            let key = ObjectIdentifier(object)
            if let entry = publishers[key], entry.object.object === object { return entry.publisher }
            publishers = publishers.filter { $0.value.object.object != nil }
            let publisher = ObservableObjectPublisher()
            publishers[key] = (Weak(object), publisher)
            return publisher
        }
    }
}

extension ObservableObject {
    /// The object's publisher, one per object, as Combine synthesises it.
    public var objectWillChange: ObservableObjectPublisher { ObjectWillChangeTable.publisher(for: self) }
}

/// A property that publishes its new values, and its object's `objectWillChange` before each change, as
/// `Combine.Published`.
@propertyWrapper
public struct Published<Value> {
    private var value: Value
    private let subscribers = SubscriberList<Value>()

    /// A published property starting at `wrappedValue`, as `Published.init(wrappedValue:)`.
    public init(wrappedValue: Value) { value = wrappedValue }

    /// Unavailable: a `@Published` value is read and written through its object (the static subscript).
    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError("@Published is only available on properties of classes") }
        set { fatalError("@Published is only available on properties of classes") }
    }

    /// The values the property takes, as `Published.Publisher` (`$property`).
    public var projectedValue: Publisher { Publisher(subscribers: subscribers, current: value) }

    /// Reads and writes the property through its object, telling the object's subscribers first.
    public static subscript<Object: AnyObject>(
        _enclosingInstance object: Object,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Object, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].value }
        set {
            (object as? any ObservableObject)?.objectWillChange.send()
            object[keyPath: storageKeyPath].subscribers.send(newValue)
            object[keyPath: storageKeyPath].value = newValue
        }
    }

    /// The values of a `@Published` property, as `Published.Publisher`.
    public struct Publisher {
        let subscribers: SubscriberList<Value>
        let current: Value

        /// Calls `receiveValue` with the current value, then with each new one, as `Publisher.sink(receiveValue:)`.
        public func sink(receiveValue: @escaping (Value) -> Void) -> AnyCancellable {
            receiveValue(current)
            return subscribers.subscribe(receiveValue)
        }
    }
}

/// A view's reference to an observable object it was given, as `SwiftUI.ObservedObject`.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject> {
    /// The observed object.
    public var wrappedValue: ObjectType
    /// Observes `wrappedValue`, as `ObservedObject.init(wrappedValue:)`.
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    /// Observes `initialValue`, as `ObservedObject.init(initialValue:)`.
    public init(initialValue: ObjectType) { wrappedValue = initialValue }
}

/// An observable object a view makes and owns, as `SwiftUI.StateObject`. The object is made when the view
/// is made; a widget's body runs once per entry, so it lives for one body.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject> {
    /// The owned object, made when the view is made.
    public let wrappedValue: ObjectType
    /// Owns the object `thunk` makes, called at once, as `StateObject.init(wrappedValue:)`.
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { wrappedValue = thunk() }
}
