public enum TemperatureUnit { case celsius, fahrenheit }
