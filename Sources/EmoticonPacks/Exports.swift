// The pack value types (EmoticonPack, Entry, PackError, TabID, PackChoices, TitleLocale,
// EmojiVariant) live in EmoticonPackModel; what reads packs returns them, so its users get
// them with `import EmoticonPacks` alone.
@_exported import EmoticonPackModel
