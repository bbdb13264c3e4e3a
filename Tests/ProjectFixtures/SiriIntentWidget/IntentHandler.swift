//
//  IntentHandler.swift
//  The Intents extension's handler, as Xcode's template writes it: it offers the stations.
//

import Intents

class IntentHandler: INExtension, ConfigurationIntentHandling {
    func provideStationOptionsCollection(
        for intent: ConfigurationIntent, with completion: @escaping (INObjectCollection<Station>?, Error?) -> Void
    ) {
        let stations = [Station(identifier: "rossio", display: "Rossio"), Station(identifier: "belem", display: "Belém")]
        completion(INObjectCollection(items: stations), nil)
    }

    override func handler(for intent: INIntent) -> Any {
        return self
    }
}
