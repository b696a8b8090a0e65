/// The bare-name model's weights, in hundredths (`BareNameFeature`): a name is
/// linked when `bias` plus each feature's weight times its value is 0 or more.
///
/// These are still the hand-set numbers of the rules this model replaced,
/// not a fit: `scripts/gen/train_bare_names.py` fits weights from the
/// labelled corpus and reports them leave-one-source-out beside these
/// (`make accuracy`, docs/accuracy.md), and on today's labels the fit is
/// worse held out (domain recall) and loses UTS #58 test lines. When a fit
/// beats them held out, `train_bare_names.py --write` replaces this file
/// with the generated table. `scripts/check/bare_name_model.sh` checks that
/// the binary's decisions on the corpus are this table's.
enum BareNameWeights {
    static let bias = 0

    @inline(__always)
    static func weight(_ f: BareNameFeature) -> Int {
        switch f {
        case .domainLife: return 100
        case .extensionLife: return -100
        case .memberLife: return -100
        case .wordNewDomain: return -100
        case .wordWeakDomain: return -200
        case .fileStem: return -400
        case .oneLetterStem: return -200
        case .twoLetterStem: return -100
        case .camelCase: return -200
        case .capitals: return -200
        case .codeSpan: return -400
        case .identifier: return -1000
        case .obfuscatedAddress: return -800
        case .innerExtension: return -400
        case .capitalTopLabel: return -400
        case .placeholder: return -400
        case .memberAccess: return -1000
        case .call: return -200
        case .reverseDomain: return -400
        case .fileList: return -400
        case .invalidACE: return -1000
        case .lineNumber: return -300
        case .port: return 100
        case .pathAfterName: return 200
        case .pathAfterExtension: return 0
        case .cueWord: return 0
        case .settingValue: return 0
        case .documentHost: return 800
        case .documentPath: return -800
        case .documentMembers: return -800
        case .codeLine: return -400
        case .pathDepth: return 0
        case .versionAfter: return 0
        case .quoted: return 0
        case .tableCell: return 0
        case .packageCue: return 0
        }
    }
}
