package pyparse

import "strconv"

// Token is one lexical token. It holds no text: use src[t.Start:t.End].
type Token struct {
	Range
	Kind TokenKind
	// Flags carries lexer facts the parser needs, e.g. FlagError on a token that was lexed
	// after an error (unterminated string) or FlagBytes on a bytes string.
	Flags TokenFlags
}

// TokenFlags are bit flags on a token.
type TokenFlags uint8

// The token flags.
const (
	// FlagError marks a malformed token (the lexer has recorded an Error for it).
	FlagError TokenFlags = 1 << iota
	// FlagBytes marks a String token with a b/B prefix.
	FlagBytes
	// FlagRaw marks a String, FStringStart or FStringMiddle inside an r/R-prefixed literal.
	FlagRaw
	// FlagTriple marks a triple-quoted String or FStringStart/FStringMiddle/FStringEnd.
	FlagTriple
	// FlagUnicode marks a String with a u/U prefix.
	FlagUnicode
)

// TokenKind is the kind of a token.
type TokenKind uint8

// The token kinds. Keywords that are hard keywords in Python 3.12 have their own kinds; the soft
// keywords match, case, type and _ are Name tokens that the parser recognises in context.
const (
	EndMarker TokenKind = iota
	Name
	Number        // int, float or imaginary literal, with underscores, in any base
	String        // one string or bytes literal, prefix and quotes included (not f-strings)
	FStringStart  // f-string prefix and opening quote(s): f" rf''' …
	FStringMiddle // literal text inside an f-string or its format spec (may be empty-free: never zero-length)
	FStringEnd    // closing quote(s) of an f-string
	Newline       // end of a logical line
	Indent
	Dedent
	Unknown // a byte sequence that is no token; the lexer has recorded an Error

	// Operators and delimiters.
	LPar             // (
	RPar             // )
	LSqb             // [
	RSqb             // ]
	LBrace           // {
	RBrace           // }
	Colon            // :
	Comma            // ,
	Semi             // ;
	Plus             // +
	Minus            // -
	Star             // *
	Slash            // /
	VBar             // |
	Amper            // &
	Less             // <
	Greater          // >
	Equal            // =
	Dot              // .
	Percent          // %
	EqEqual          // ==
	NotEqual         // !=
	LessEqual        // <=
	GreaterEqual     // >=
	Tilde            // ~
	CircumFlex       // ^
	LeftShift        // <<
	RightShift       // >>
	DoubleStar       // **
	PlusEqual        // +=
	MinEqual         // -=
	StarEqual        // *=
	SlashEqual       // /=
	PercentEqual     // %=
	AmperEqual       // &=
	VBarEqual        // |=
	CircumflexEqual  // ^=
	LeftShiftEqual   // <<=
	RightShiftEqual  // >>=
	DoubleStarEqual  // **=
	DoubleSlash      // //
	DoubleSlashEqual // //=
	At               // @
	AtEqual          // @=
	RArrow           // ->
	Ellipsis         // ...
	ColonEqual       // :=
	Exclamation      // ! (f-string conversion)

	// Hard keywords.
	KwFalse
	KwNone
	KwTrue
	KwAnd
	KwAs
	KwAssert
	KwAsync
	KwAwait
	KwBreak
	KwClass
	KwContinue
	KwDef
	KwDel
	KwElif
	KwElse
	KwExcept
	KwFinally
	KwFor
	KwFrom
	KwGlobal
	KwIf
	KwImport
	KwIn
	KwIs
	KwLambda
	KwNonlocal
	KwNot
	KwOr
	KwPass
	KwRaise
	KwReturn
	KwTry
	KwWhile
	KwWith
	KwYield

	numTokenKinds
)

var tokenKindNames = [numTokenKinds]string{
	EndMarker:        "EndMarker",
	Name:             "Name",
	Number:           "Number",
	String:           "String",
	FStringStart:     "FStringStart",
	FStringMiddle:    "FStringMiddle",
	FStringEnd:       "FStringEnd",
	Newline:          "Newline",
	Indent:           "Indent",
	Dedent:           "Dedent",
	Unknown:          "Unknown",
	LPar:             "LPar",
	RPar:             "RPar",
	LSqb:             "LSqb",
	RSqb:             "RSqb",
	LBrace:           "LBrace",
	RBrace:           "RBrace",
	Colon:            "Colon",
	Comma:            "Comma",
	Semi:             "Semi",
	Plus:             "Plus",
	Minus:            "Minus",
	Star:             "Star",
	Slash:            "Slash",
	VBar:             "VBar",
	Amper:            "Amper",
	Less:             "Less",
	Greater:          "Greater",
	Equal:            "Equal",
	Dot:              "Dot",
	Percent:          "Percent",
	EqEqual:          "EqEqual",
	NotEqual:         "NotEqual",
	LessEqual:        "LessEqual",
	GreaterEqual:     "GreaterEqual",
	Tilde:            "Tilde",
	CircumFlex:       "CircumFlex",
	LeftShift:        "LeftShift",
	RightShift:       "RightShift",
	DoubleStar:       "DoubleStar",
	PlusEqual:        "PlusEqual",
	MinEqual:         "MinEqual",
	StarEqual:        "StarEqual",
	SlashEqual:       "SlashEqual",
	PercentEqual:     "PercentEqual",
	AmperEqual:       "AmperEqual",
	VBarEqual:        "VBarEqual",
	CircumflexEqual:  "CircumflexEqual",
	LeftShiftEqual:   "LeftShiftEqual",
	RightShiftEqual:  "RightShiftEqual",
	DoubleStarEqual:  "DoubleStarEqual",
	DoubleSlash:      "DoubleSlash",
	DoubleSlashEqual: "DoubleSlashEqual",
	At:               "At",
	AtEqual:          "AtEqual",
	RArrow:           "RArrow",
	Ellipsis:         "Ellipsis",
	ColonEqual:       "ColonEqual",
	Exclamation:      "Exclamation",
	KwFalse:          "KwFalse",
	KwNone:           "KwNone",
	KwTrue:           "KwTrue",
	KwAnd:            "KwAnd",
	KwAs:             "KwAs",
	KwAssert:         "KwAssert",
	KwAsync:          "KwAsync",
	KwAwait:          "KwAwait",
	KwBreak:          "KwBreak",
	KwClass:          "KwClass",
	KwContinue:       "KwContinue",
	KwDef:            "KwDef",
	KwDel:            "KwDel",
	KwElif:           "KwElif",
	KwElse:           "KwElse",
	KwExcept:         "KwExcept",
	KwFinally:        "KwFinally",
	KwFor:            "KwFor",
	KwFrom:           "KwFrom",
	KwGlobal:         "KwGlobal",
	KwIf:             "KwIf",
	KwImport:         "KwImport",
	KwIn:             "KwIn",
	KwIs:             "KwIs",
	KwLambda:         "KwLambda",
	KwNonlocal:       "KwNonlocal",
	KwNot:            "KwNot",
	KwOr:             "KwOr",
	KwPass:           "KwPass",
	KwRaise:          "KwRaise",
	KwReturn:         "KwReturn",
	KwTry:            "KwTry",
	KwWhile:          "KwWhile",
	KwWith:           "KwWith",
	KwYield:          "KwYield",
}

// String returns the kind's Go name, e.g. "Name" or "KwDef".
func (k TokenKind) String() string {
	if k < numTokenKinds {
		return tokenKindNames[k]
	}
	return "TokenKind(" + strconv.Itoa(int(k)) + ")"
}
