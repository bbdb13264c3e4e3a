import Foundation

// MARK: - Environment objects

/// The observable objects given to the views below with `environmentObject(_:)`, by the type they were given as.
public struct EnvironmentObjects: @unchecked Sendable {
    @usableFromInline var objects: [ObjectIdentifier: AnyObject] = [:]

    /// None.
    public init() {}

    /// The object given as `ObjectType`, if any.
    public subscript<ObjectType: ObservableObject>(_ type: ObjectType.Type) -> ObjectType? {
        get { objects[ObjectIdentifier(type)] as? ObjectType }
        set { objects[ObjectIdentifier(type)] = newValue }
    }
}

/// An observable object that an ancestor gave with `environmentObject(_:)`, as `SwiftUI.EnvironmentObject`.
///
/// Reading it where no ancestor gave an object of its type stops the widget's process with a message naming
/// the type, as SwiftUI does: there is no value to return. Widget code runs in its own process, so the preview
/// reports the crash and keeps running (docs/DECISIONS.md).
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject> {
    /// An environment object read while the body is built, as `EnvironmentObject()`.
    public init() {}

    /// The object of this type in the environment of the body being built.
    public var wrappedValue: ObjectType {
        guard let object = CurrentEnvironment.value(at: \.environmentObjects)[ObjectType.self] else {
            fatalError(
                "No ObservableObject of type \(ObjectType.self) found. A View.environmentObject(_:) for "
                    + "\(ObjectType.self) may be missing as an ancestor of this view.")
        }
        return object
    }

    /// Bindings to the object's properties, as `$object.property`.
    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

    /// Makes bindings to an environment object's properties, as `EnvironmentObject.Wrapper`.
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType

        /// A binding to the property at `keyPath`.
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            let object = object
            return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
        }
    }
}

private enum EnvironmentObjectsKey: EnvironmentKey {
    static let defaultValue = EnvironmentObjects()
}

extension EnvironmentValues {
    /// The observable objects given to the views below with `environmentObject(_:)`.
    public var environmentObjects: EnvironmentObjects {
        get { self[EnvironmentObjectsKey.self] }
        set { self[EnvironmentObjectsKey.self] = newValue }
    }
}

extension View {
    /// Gives `object` to the views below, where `@EnvironmentObject var name: ObjectType` reads it, as
    /// `View.environmentObject(_:)`.
    @inlinable
    public consuming func environmentObject<ObjectType: ObservableObject>(_ object: ObjectType)
        -> EnvironmentModifiedView<Self>
    {
        nonisolated(unsafe) let object = object
        return environmentModified { $0.environmentObjects[ObjectType.self] = object }
    }
}
