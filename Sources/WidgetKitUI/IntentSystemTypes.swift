import Foundation

// MARK: - SiriKit's system types, as `.intentdefinition` parameters use them

/// An image SiriKit shows beside a value, as `Intents.INImage`: kept (its name, data or URL), never drawn.
open class INImage: NSObject {
    /// The asset name given to `init(named:)`; nil otherwise.
    public let name: String?
    /// The bytes given to `init(imageData:)`; nil otherwise.
    public let imageData: Data?
    /// The URL given to `init(url:)`; nil otherwise.
    public let url: URL?

    /// The image named `name` in the app's asset catalog, as `INImage(named:)`.
    public init(named name: String) {
        (self.name, imageData, url) = (name, nil, nil)
        super.init()
    }

    /// An image from encoded bytes (PNG, JPEG), as `INImage(imageData:)`.
    public init(imageData: Data) {
        (name, self.imageData, url) = (nil, imageData, nil)
        super.init()
    }

    /// An image at `url`, as `INImage(url:)`; nil is never returned here (the URL is not read).
    public init?(url: URL) {
        (name, imageData, self.url) = (nil, nil, url)
        super.init()
    }
}

/// How a person is reached, as `Intents.INPersonHandleType`.
public enum INPersonHandleType: Int, Sendable {
    case unknown = 0
    case emailAddress
    case phoneNumber
}

/// The label of a person's handle, as `Intents.INPersonHandleLabel` (`.home`, `.work`, `.mobile`...).
public struct INPersonHandleLabel: RawRepresentable, Hashable, Sendable {
    /// The label's text.
    public let rawValue: String
    /// A label with this text.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `_$!<Home>!$_`, as Contacts stores it.
    public static let home = INPersonHandleLabel(rawValue: "_$!<Home>!$_")
    /// `_$!<Work>!$_`.
    public static let work = INPersonHandleLabel(rawValue: "_$!<Work>!$_")
    /// `iPhone`.
    public static let iPhone = INPersonHandleLabel(rawValue: "iPhone")
    /// `_$!<Mobile>!$_`.
    public static let mobile = INPersonHandleLabel(rawValue: "_$!<Mobile>!$_")
    /// `_$!<Main>!$_`.
    public static let main = INPersonHandleLabel(rawValue: "_$!<Main>!$_")
    /// `_$!<Other>!$_`.
    public static let other = INPersonHandleLabel(rawValue: "_$!<Other>!$_")
}

/// An e-mail address or phone number of a person, as `Intents.INPersonHandle`.
open class INPersonHandle: NSObject {
    /// The address or number; nil when unknown.
    public let value: String?
    /// Which kind of handle `value` is.
    public let type: INPersonHandleType
    /// The handle's label in Contacts; nil for none.
    public let label: INPersonHandleLabel?

    /// A handle, as `INPersonHandle(value:type:label:)`.
    public init(value: String?, type: INPersonHandleType, label: INPersonHandleLabel?) {
        (self.value, self.type, self.label) = (value, type, label)
        super.init()
    }

    /// A handle without a label, as `INPersonHandle(value:type:)`.
    public convenience init(value: String?, type: INPersonHandleType) { self.init(value: value, type: type, label: nil) }
}

/// A person, as `Intents.INPerson`: the system type of an `.intentdefinition` parameter of type Person.
open class INPerson: NSObject {
    /// How to reach the person; nil when unknown.
    public let personHandle: INPersonHandle?
    /// The parts of the person's name; nil when unknown.
    public let nameComponents: PersonNameComponents?
    /// The name shown for the person: the one given, else the name components joined, else the handle's value.
    public let displayName: String
    /// The person's picture; nil for none.
    public let image: INImage?
    /// The person's identifier in Contacts; nil for none.
    public let contactIdentifier: String?
    /// The app's own identifier for the person; nil for none.
    public let customIdentifier: String?
    /// Whether the person is the device's owner.
    public let isMe: Bool

    /// A person, as `INPerson(personHandle:nameComponents:displayName:image:contactIdentifier:customIdentifier:isMe:)`.
    public init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?, isMe: Bool
    ) {
        self.personHandle = personHandle
        self.nameComponents = nameComponents
        let joined = [nameComponents?.givenName, nameComponents?.familyName].compactMap { $0 }.joined(separator: " ")
        self.displayName = displayName ?? (joined.isEmpty ? personHandle.value ?? "" : joined)
        self.image = image
        self.contactIdentifier = contactIdentifier
        self.customIdentifier = customIdentifier
        self.isMe = isMe
        super.init()
    }

    /// A person who is not the device's owner, as
    /// `INPerson(personHandle:nameComponents:displayName:image:contactIdentifier:customIdentifier:)`.
    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?
    ) {
        self.init(
            personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
            contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, isMe: false)
    }

    /// The display name.
    open override var description: String { displayName }
}

/// An amount of money, as `Intents.INCurrencyAmount`.
open class INCurrencyAmount: NSObject {
    /// The amount; nil when unknown.
    public let amount: NSDecimalNumber?
    /// The ISO 4217 code of the currency, such as `EUR`; nil when unknown.
    public let currencyCode: String?

    /// An amount in a currency, as `INCurrencyAmount(amount:currencyCode:)`.
    public init(amount: NSDecimalNumber, currencyCode: String) {
        (self.amount, self.currencyCode) = (amount, currencyCode)
        super.init()
    }
}

/// The kind of a payment method, as `Intents.INPaymentMethodType`.
public enum INPaymentMethodType: Int, Sendable {
    case unknown = 0
    case checking, savings, brokerage, debit, credit, prepaid, store, applePay
}

/// A means of paying, as `Intents.INPaymentMethod`.
open class INPaymentMethod: NSObject {
    /// The method's kind.
    public let type: INPaymentMethodType
    /// Its name, such as `Visa`; nil when unknown.
    public let name: String?
    /// A hint such as the last digits of a card; nil for none.
    public let identificationHint: String?
    /// Its picture; nil for none.
    public let icon: INImage?

    /// A payment method, as `INPaymentMethod(type:name:identificationHint:icon:)`.
    public init(type: INPaymentMethodType, name: String?, identificationHint: String?, icon: INImage?) {
        (self.type, self.name, self.identificationHint, self.icon) = (type, name, identificationHint, icon)
        super.init()
    }
}

/// A file handed to or returned from an intent, as `Intents.INFile`.
open class INFile: NSObject {
    /// The file's bytes (read from `fileURL` when it was made from one; empty when that fails).
    public var data: Data { storedData ?? fileURL.flatMap { try? Data(contentsOf: $0) } ?? Data() }
    /// The file's name.
    public var filename: String
    /// Its uniform type identifier, such as `public.png`; nil when unknown.
    public let typeIdentifier: String?
    /// Where the file is; nil for a file made from data.
    public let fileURL: URL?
    private let storedData: Data?

    /// A file of `data`, as `INFile(data:filename:typeIdentifier:)`.
    public init(data: Data, filename: String, typeIdentifier: String?) {
        (storedData, self.filename, self.typeIdentifier, fileURL) = (data, filename, typeIdentifier, nil)
        super.init()
    }

    /// The file at `fileURL`, as `INFile(fileURL:filename:typeIdentifier:)`; its name defaults to the URL's last part.
    public init(fileURL: URL, filename: String?, typeIdentifier: String?) {
        (storedData, self.filename, self.typeIdentifier, self.fileURL) = (
            nil, filename ?? fileURL.lastPathComponent, typeIdentifier, fileURL
        )
        super.init()
    }
}

/// A latitude and longitude in degrees, as `CoreLocation.CLLocationCoordinate2D`.
public struct CLLocationCoordinate2D: Equatable, Sendable {
    /// Degrees north of the equator.
    public var latitude: Double
    /// Degrees east of Greenwich.
    public var longitude: Double
    /// A coordinate, as `CLLocationCoordinate2D(latitude:longitude:)`.
    public init(latitude: Double, longitude: Double) { (self.latitude, self.longitude) = (latitude, longitude) }
    /// 0, 0.
    public init() { self.init(latitude: 0, longitude: 0) }
}

/// A place on Earth, as `CoreLocation.CLLocation` (its coordinate only).
open class CLLocation: NSObject {
    /// Where it is.
    public let coordinate: CLLocationCoordinate2D
    /// A location at `latitude`, `longitude` degrees, as `CLLocation(latitude:longitude:)`.
    public init(latitude: Double, longitude: Double) {
        coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
        super.init()
    }
}

/// A postal address, as `Contacts.CNPostalAddress` (the fields SiriKit places carry).
open class CNPostalAddress: NSObject {
    /// Street and number.
    open var street = ""
    /// City.
    open var city = ""
    /// State or region.
    open var state = ""
    /// Postal code.
    open var postalCode = ""
    /// Country.
    open var country = ""
    /// ISO country code.
    open var isoCountryCode = ""
    /// An empty address.
    public override init() { super.init() }
}

/// A named place, as `CoreLocation.CLPlacemark`: the system type of an `.intentdefinition` parameter of type
/// Placemark, made with SiriKit's `CLPlacemark(location:name:postalAddress:)`.
open class CLPlacemark: NSObject {
    /// Where it is; nil when unknown.
    public let location: CLLocation?
    /// The place's name; nil when unknown.
    public let name: String?
    /// Its address; nil when unknown.
    public let postalAddress: CNPostalAddress?
    /// The address's city; nil when unknown.
    public var locality: String? { postalAddress.flatMap { $0.city.isEmpty ? nil : $0.city } }
    /// The address's country; nil when unknown.
    public var country: String? { postalAddress.flatMap { $0.country.isEmpty ? nil : $0.country } }

    /// A place, as SiriKit's `CLPlacemark(location:name:postalAddress:)`.
    public init(location: CLLocation, name: String?, postalAddress: CNPostalAddress?) {
        (self.location, self.name, self.postalAddress) = (location, name, postalAddress)
        super.init()
    }
}

// MARK: - Resolution results

/// What resolving one parameter found, as `Intents.INIntentResolutionResult`: the base of every
/// `…ResolutionResult` class. An intent's handler returns one from each `resolve…` method.
open class INIntentResolutionResult: NSObject {
    /// What the resolution decided.
    public enum Outcome: Equatable, Sendable {
        case success, disambiguation, confirmationRequired, needsValue, notRequired, unsupported
    }

    /// What the resolution decided.
    public private(set) var outcome = Outcome.needsValue
    /// The values it carries: the resolved value, the choices or the value to confirm.
    public private(set) var values: [Any] = []
    /// The reason code given to `unsupported(forReason:)` of a generated result class; 0 for none.
    public private(set) var unsupportedReason = 0

    /// A result asking for a value.
    public required override init() { super.init() }

    /// A result of `outcome` carrying `values` (what the subclasses' `success(with:)` and the like return).
    public class func result(_ outcome: Outcome, _ values: [Any], reason: Int = 0) -> Self {
        let result = Self()
        (result.outcome, result.values, result.unsupportedReason) = (outcome, values, reason)
        return result
    }

    /// The parameter needs a value, as `needsValue()`.
    public class func needsValue() -> Self { result(.needsValue, []) }
    /// The parameter is not needed, as `notRequired()`.
    public class func notRequired() -> Self { result(.notRequired, []) }
    /// The value cannot be used, as `unsupported()`.
    public class func unsupported() -> Self { result(.unsupported, []) }
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The value cannot be used for a reason a generated result class names, as `__unsupported(withReason:)`
    /// (SiriKit's own name, which Xcode's generated `unsupported(forReason:)` calls).
    public class func __unsupported(withReason reason: Int) -> Self { result(.unsupported, [], reason: reason) }
}

/// A resolved text, as `Intents.INStringResolutionResult`.
open class INStringResolutionResult: INIntentResolutionResult {
    /// The text to use.
    public class func success(with resolvedString: String) -> Self { result(.success, [resolvedString]) }
    /// Texts to choose from.
    public class func disambiguation(with stringsToDisambiguate: [String]) -> Self { result(.disambiguation, stringsToDisambiguate) }
    /// A text to confirm.
    public class func confirmationRequired(with stringToConfirm: String?) -> Self {
        result(.confirmationRequired, stringToConfirm.map { [$0] } ?? [])
    }
}

/// A resolved whole number, as `Intents.INIntegerResolutionResult`.
open class INIntegerResolutionResult: INIntentResolutionResult {
    /// The number to use.
    public class func success(with resolvedValue: Int) -> Self { result(.success, [resolvedValue]) }
    /// A number to confirm.
    public class func confirmationRequired(with valueToConfirm: NSNumber?) -> Self {
        result(.confirmationRequired, valueToConfirm.map { [$0] } ?? [])
    }
}

/// A resolved number, as `Intents.INDoubleResolutionResult`.
open class INDoubleResolutionResult: INIntentResolutionResult {
    /// The number to use.
    public class func success(with resolvedValue: Double) -> Self { result(.success, [resolvedValue]) }
    /// A number to confirm.
    public class func confirmationRequired(with valueToConfirm: NSNumber?) -> Self {
        result(.confirmationRequired, valueToConfirm.map { [$0] } ?? [])
    }
}

/// A resolved Boolean, as `Intents.INBooleanResolutionResult`.
open class INBooleanResolutionResult: INIntentResolutionResult {
    /// The value to use.
    public class func success(with resolvedValue: Bool) -> Self { result(.success, [resolvedValue]) }
    /// A value to confirm.
    public class func confirmationRequired(with valueToConfirm: NSNumber?) -> Self {
        result(.confirmationRequired, valueToConfirm.map { [$0] } ?? [])
    }
}

/// A resolved duration in seconds, as `Intents.INTimeIntervalResolutionResult`.
open class INTimeIntervalResolutionResult: INIntentResolutionResult {
    /// The duration to use, in seconds.
    public class func success(with resolvedTimeInterval: TimeInterval) -> Self { result(.success, [resolvedTimeInterval]) }
    /// A duration to confirm, in seconds.
    public class func confirmationRequired(with timeIntervalToConfirm: TimeInterval) -> Self {
        result(.confirmationRequired, [timeIntervalToConfirm])
    }
}

/// A resolved date, as `Intents.INDateComponentsResolutionResult`.
open class INDateComponentsResolutionResult: INIntentResolutionResult {
    /// The date to use.
    public class func success(with resolvedDateComponents: DateComponents) -> Self { result(.success, [resolvedDateComponents]) }
    /// Dates to choose from.
    public class func disambiguation(with dateComponentsToDisambiguate: [DateComponents]) -> Self {
        result(.disambiguation, dateComponentsToDisambiguate)
    }
    /// A date to confirm.
    public class func confirmationRequired(with dateComponentsToConfirm: DateComponents?) -> Self {
        result(.confirmationRequired, dateComponentsToConfirm.map { [$0] } ?? [])
    }
}

/// A resolved URL, as `Intents.INURLResolutionResult`.
open class INURLResolutionResult: INIntentResolutionResult {
    /// The URL to use.
    public class func success(with resolvedURL: URL) -> Self { result(.success, [resolvedURL]) }
    /// URLs to choose from.
    public class func disambiguation(with urlsToDisambiguate: [URL]) -> Self { result(.disambiguation, urlsToDisambiguate) }
    /// A URL to confirm.
    public class func confirmationRequired(with urlToConfirm: URL?) -> Self {
        result(.confirmationRequired, urlToConfirm.map { [$0] } ?? [])
    }
}

/// A resolved person, as `Intents.INPersonResolutionResult`.
open class INPersonResolutionResult: INIntentResolutionResult {
    /// The person to use.
    public class func success(with resolvedPerson: INPerson) -> Self { result(.success, [resolvedPerson]) }
    /// People to choose from.
    public class func disambiguation(with peopleToDisambiguate: [INPerson]) -> Self { result(.disambiguation, peopleToDisambiguate) }
    /// A person to confirm.
    public class func confirmationRequired(with personToConfirm: INPerson?) -> Self {
        result(.confirmationRequired, personToConfirm.map { [$0] } ?? [])
    }
}

/// A resolved place, as `Intents.INPlacemarkResolutionResult`.
open class INPlacemarkResolutionResult: INIntentResolutionResult {
    /// The place to use.
    public class func success(with resolvedPlacemark: CLPlacemark) -> Self { result(.success, [resolvedPlacemark]) }
    /// Places to choose from.
    public class func disambiguation(with placemarksToDisambiguate: [CLPlacemark]) -> Self {
        result(.disambiguation, placemarksToDisambiguate)
    }
    /// A place to confirm.
    public class func confirmationRequired(with placemarkToConfirm: CLPlacemark?) -> Self {
        result(.confirmationRequired, placemarkToConfirm.map { [$0] } ?? [])
    }
}

/// A resolved amount of money, as `Intents.INCurrencyAmountResolutionResult`.
open class INCurrencyAmountResolutionResult: INIntentResolutionResult {
    /// The amount to use.
    public class func success(with resolvedCurrencyAmount: INCurrencyAmount) -> Self { result(.success, [resolvedCurrencyAmount]) }
    /// Amounts to choose from.
    public class func disambiguation(with currencyAmountsToDisambiguate: [INCurrencyAmount]) -> Self {
        result(.disambiguation, currencyAmountsToDisambiguate)
    }
    /// An amount to confirm.
    public class func confirmationRequired(with currencyAmountToConfirm: INCurrencyAmount?) -> Self {
        result(.confirmationRequired, currencyAmountToConfirm.map { [$0] } ?? [])
    }
}

/// A resolved payment method, as `Intents.INPaymentMethodResolutionResult`.
open class INPaymentMethodResolutionResult: INIntentResolutionResult {
    /// The method to use.
    public class func success(with resolvedPaymentMethod: INPaymentMethod) -> Self { result(.success, [resolvedPaymentMethod]) }
    /// Methods to choose from.
    public class func disambiguation(with paymentMethodsToDisambiguate: [INPaymentMethod]) -> Self {
        result(.disambiguation, paymentMethodsToDisambiguate)
    }
    /// A method to confirm.
    public class func confirmationRequired(with paymentMethodToConfirm: INPaymentMethod?) -> Self {
        result(.confirmationRequired, paymentMethodToConfirm.map { [$0] } ?? [])
    }
}

/// A resolved file, as `Intents.INFileResolutionResult`.
open class INFileResolutionResult: INIntentResolutionResult {
    /// The file to use.
    public class func success(with resolvedFile: INFile) -> Self { result(.success, [resolvedFile]) }
    /// Files to choose from.
    public class func disambiguation(with filesToDisambiguate: [INFile]) -> Self { result(.disambiguation, filesToDisambiguate) }
    /// A file to confirm.
    public class func confirmationRequired(with fileToConfirm: INFile?) -> Self {
        result(.confirmationRequired, fileToConfirm.map { [$0] } ?? [])
    }
}

/// A resolved length, as `Intents.INLengthResolutionResult`.
open class INLengthResolutionResult: INIntentResolutionResult {
    /// The length to use.
    public class func success(with resolvedLength: Measurement<UnitLength>) -> Self { result(.success, [resolvedLength]) }
    /// Lengths to choose from.
    public class func disambiguation(with lengthsToDisambiguate: [Measurement<UnitLength>]) -> Self {
        result(.disambiguation, lengthsToDisambiguate)
    }
    /// A length to confirm.
    public class func confirmationRequired(with lengthToConfirm: Measurement<UnitLength>?) -> Self {
        result(.confirmationRequired, lengthToConfirm.map { [$0] } ?? [])
    }
}

/// A resolved mass, as `Intents.INMassResolutionResult`.
open class INMassResolutionResult: INIntentResolutionResult {
    /// The mass to use.
    public class func success(with resolvedMass: Measurement<UnitMass>) -> Self { result(.success, [resolvedMass]) }
    /// Masses to choose from.
    public class func disambiguation(with massToDisambiguate: [Measurement<UnitMass>]) -> Self {
        result(.disambiguation, massToDisambiguate)
    }
    /// A mass to confirm.
    public class func confirmationRequired(with massToConfirm: Measurement<UnitMass>?) -> Self {
        result(.confirmationRequired, massToConfirm.map { [$0] } ?? [])
    }
}

/// A resolved volume, as `Intents.INVolumeResolutionResult`.
open class INVolumeResolutionResult: INIntentResolutionResult {
    /// The volume to use.
    public class func success(with resolvedVolume: Measurement<UnitVolume>) -> Self { result(.success, [resolvedVolume]) }
    /// Volumes to choose from.
    public class func disambiguation(with volumeToDisambiguate: [Measurement<UnitVolume>]) -> Self {
        result(.disambiguation, volumeToDisambiguate)
    }
    /// A volume to confirm.
    public class func confirmationRequired(with volumeToConfirm: Measurement<UnitVolume>?) -> Self {
        result(.confirmationRequired, volumeToConfirm.map { [$0] } ?? [])
    }
}

/// A resolved temperature, as `Intents.INTemperatureResolutionResult`.
open class INTemperatureResolutionResult: INIntentResolutionResult {
    /// The temperature to use.
    public class func success(with resolvedTemperature: Measurement<UnitTemperature>) -> Self { result(.success, [resolvedTemperature]) }
    /// Temperatures to choose from.
    public class func disambiguation(with temperaturesToDisambiguate: [Measurement<UnitTemperature>]) -> Self {
        result(.disambiguation, temperaturesToDisambiguate)
    }
    /// A temperature to confirm.
    public class func confirmationRequired(with temperatureToConfirm: Measurement<UnitTemperature>?) -> Self {
        result(.confirmationRequired, temperatureToConfirm.map { [$0] } ?? [])
    }
}

/// A resolved speed, as `Intents.INSpeedResolutionResult`.
open class INSpeedResolutionResult: INIntentResolutionResult {
    /// The speed to use.
    public class func success(with resolvedSpeed: Measurement<UnitSpeed>) -> Self { result(.success, [resolvedSpeed]) }
    /// Speeds to choose from.
    public class func disambiguation(with speedToDisambiguate: [Measurement<UnitSpeed>]) -> Self {
        result(.disambiguation, speedToDisambiguate)
    }
    /// A speed to confirm.
    public class func confirmationRequired(with speedToConfirm: Measurement<UnitSpeed>?) -> Self {
        result(.confirmationRequired, speedToConfirm.map { [$0] } ?? [])
    }
}

/// A resolved energy, as `Intents.INEnergyResolutionResult`.
open class INEnergyResolutionResult: INIntentResolutionResult {
    /// The energy to use.
    public class func success(with resolvedEnergy: Measurement<UnitEnergy>) -> Self { result(.success, [resolvedEnergy]) }
    /// Energies to choose from.
    public class func disambiguation(with energyToDisambiguate: [Measurement<UnitEnergy>]) -> Self {
        result(.disambiguation, energyToDisambiguate)
    }
    /// An energy to confirm.
    public class func confirmationRequired(with energyToConfirm: Measurement<UnitEnergy>?) -> Self {
        result(.confirmationRequired, energyToConfirm.map { [$0] } ?? [])
    }
}

/// A resolved custom object, as `Intents.INObjectResolutionResult`: the base of the `<Type>ResolutionResult`
/// classes Xcode generates for an `.intentdefinition` custom type.
open class INObjectResolutionResult: INIntentResolutionResult {
    /// The object to use.
    public class func success(with resolvedObject: INObject) -> Self { result(.success, [resolvedObject]) }
    /// Objects to choose from.
    public class func disambiguation(with objectsToDisambiguate: [INObject]) -> Self { result(.disambiguation, objectsToDisambiguate) }
    /// An object to confirm.
    public class func confirmationRequired(with objectToConfirm: INObject?) -> Self {
        result(.confirmationRequired, objectToConfirm.map { [$0] } ?? [])
    }
}

/// A resolved enum value, as `Intents.INEnumResolutionResult`: the base of the `<Enum>ResolutionResult` classes
/// Xcode generates for an `.intentdefinition` enum.
open class INEnumResolutionResult: INIntentResolutionResult {
    /// The raw value to use.
    public class func success(with resolvedValue: Int) -> Self { result(.success, [resolvedValue]) }
    /// A raw value to confirm.
    public class func confirmationRequired(with valueToConfirm: Int) -> Self { result(.confirmationRequired, [valueToConfirm]) }
}
