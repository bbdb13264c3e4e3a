//
//  IntentHandler.swift
//  The Intents extension's handler, as Xcode's template writes it: it offers the stations (with a default) and
//  the people to travel with, and resolves the number of rows.
//

import Intents

class IntentHandler: INExtension, ConfigurationIntentHandling {
    func provideStationOptionsCollection(
        for intent: ConfigurationIntent, with completion: @escaping (INObjectCollection<Station>?, Error?) -> Void
    ) {
        let stations = [Station(identifier: "rossio", display: "Rossio"), Station(identifier: "belem", display: "Belém")]
        completion(INObjectCollection(items: stations), nil)
    }

    func defaultStation(for intent: ConfigurationIntent) -> Station? {
        Station(identifier: "belem", display: "Belém")
    }

    func provideCompanionOptionsCollection(for intent: ConfigurationIntent) async throws -> INObjectCollection<INPerson> {
        let people = [("ana", "Ana"), ("rui", "Rui")].map { identifier, name in
            INPerson(
                personHandle: INPersonHandle(value: "\(identifier)@example.com", type: .emailAddress), nameComponents: nil,
                displayName: name, image: nil, contactIdentifier: nil, customIdentifier: identifier)
        }
        return INObjectCollection(sections: [INObjectSection(title: "Friends", items: people)])
    }

    func resolveRows(for intent: ConfigurationIntent, with completion: @escaping (ConfigurationRowsResolutionResult) -> Void) {
        guard let rows = intent.rows?.intValue else {
            completion(.needsValue())
            return
        }
        completion(rows > 4 ? .unsupported(forReason: .tooMany) : .success(with: rows))
    }

    func resolveStation(for intent: ConfigurationIntent, with completion: @escaping (StationResolutionResult) -> Void) {
        if let station = intent.station {
            completion(.success(with: station))
        } else {
            completion(.needsValue())
        }
    }

    override func handler(for intent: INIntent) -> Any {
        return self
    }
}
