// LinkifyCore is the library's one face: `import LinkifyCore` gives every
// public declaration of the layers below it (Package.swift), so a user never
// needs to know how the library is split into modules.
@_spi(Layers) @_exported import LinkifyModel
@_exported import LinkifyDetectors
@_exported import LinkifyRendering
@_exported import LinkifyFinding
@_exported import LinkifyInput
