/// The starter config `emokit init` writes (`emokit.json`): the settings a project changes first
/// (the rows of `SettingsTable` with a `starterJSON`), with `generate`'s defaults (so it
/// generates exactly what `emokit generate DIR` does, into `DIR/emokit-output`), in the table's
/// order, which is the order of `Documentation/Options.md`, where every key is described. Read
/// from the table here; written by the command (`ProjectStarter`, in `EmokitCLI`).
public enum StarterConfig {
    public static var json: String {
        let fields = SettingsTable.rows.compactMap { row in row.starterJSON.flatMap { json in row.configKey.map { "  \"\($0)\": \(json)" } } }
        return "{\n" + fields.joined(separator: ",\n") + "\n}\n"
    }
}
