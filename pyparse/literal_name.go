package pyparse

// This file defines NormalizeName (identifier normalisation) and the Unicode name table behind
// the \N{NAME} escape.

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/unicode/runenames"
)

// NormalizeName returns the identifier s as CPython's ast stores it: NFKC-normalised when it
// has non-ASCII characters (so `ﬁ` and `fi` are the same name). Common ASCII names come from
// a fixed table without allocating.
func NormalizeName(s []byte) string {
	for _, c := range s {
		if c >= utf8.RuneSelf {
			return norm.NFKC.String(string(s))
		}
	}
	if v, ok := commonNames[string(s)]; ok {
		return v
	}
	return string(s)
}

// commonNames interns frequent identifiers: builtins, `self`, the array modules and their
// usual aliases. It is read-only after init, so NormalizeName is safe for concurrent use.
var commonNames = map[string]string{}

func init() {
	for _, n := range strings.Fields(`self cls args kwargs x y z i j k n m a b c d e f g h p q r s t v w
		np numpy cp cupy jnp jax cunumeric xp torch pd os sys re math typing Any Optional List Dict
		Tuple Union Callable len range int str float bool list dict tuple set frozenset bytes object
		type isinstance issubclass print super property staticmethod classmethod enumerate zip map
		filter sorted reversed min max sum abs any all open getattr setattr hasattr iter next id
		hash repr format ValueError TypeError KeyError IndexError AttributeError RuntimeError
		Exception NotImplementedError StopIteration OSError name value result data key item items
		keys values append extend get pop update shape dtype size ndim array asarray zeros ones empty
		arange reshape astype copy out axis size __init__ __name__ __main__ __call__ __repr__ _`) {
		commonNames[n] = n
	}
}

var (
	runeNamesOnce sync.Once
	runeNames     map[string]rune
)

// lookupRuneName returns the code point named name (case-insensitive), as unicodedata.lookup
// does for \N{…}: character names, CJK unified ideographs, Hangul syllables and the aliases in
// nameAliases.
func lookupRuneName(name string) (rune, bool) {
	name = strings.ToUpper(name)
	if h, ok := strings.CutPrefix(name, "CJK UNIFIED IDEOGRAPH-"); ok {
		v, err := strconv.ParseUint(h, 16, 32)
		if err == nil && (len(h) == 4 || len(h) == 5) && isUnifiedIdeograph(rune(v)) {
			return rune(v), true
		}
		return 0, false
	}
	runeNamesOnce.Do(buildRuneNames)
	r, ok := runeNames[name]
	return r, ok
}

// namedPlanes are the code point ranges that hold named characters: planes 0-3 and plane 14.
// Planes 4-13 hold no character and planes 15-16 are private use, which has no names; reading
// only these ranges takes a third of the time of reading all 1,114,112 code points
// (TestNamedPlanesHoldEveryName checks that no name is lost).
var namedPlanes = [][2]rune{{0, 0x3FFFF}, {0xE0000, 0xEFFFF}}

// buildRuneNames indexes every named code point, including the Hangul syllables, whose names
// runenames leaves out (it names them "<Hangul Syllable>").
func buildRuneNames() {
	runeNames = make(map[string]rune, 40000)
	for _, plane := range namedPlanes {
		addRuneNames(runeNames, plane[0], plane[1])
	}
	for _, line := range strings.Split(nameAliases, "\n") {
		code, names, ok := strings.Cut(strings.TrimSpace(line), " ")
		if !ok {
			continue
		}
		v, err := strconv.ParseUint(code, 16, 32)
		if err != nil {
			continue
		}
		for _, n := range strings.Split(names, ";") {
			runeNames[n] = rune(v)
		}
	}
	const nV, nT = 21, 28
	lead := strings.Split("G GG N D DD R M B BB S SS _ J JJ C K T P H", " ")
	vowel := strings.Split("A AE YA YAE EO E YEO YE O WA WAE OE YO U WEO WE WI YU EU YI I", " ")
	tail := strings.Split("_ G GG GS N NJ NH D L LG LM LB LS LT LP LH M B BS S SS NG J C K T P H", " ")
	jamo := func(s string) string { return strings.TrimPrefix(s, "_") }
	for s := 0; s < len(lead)*nV*nT; s++ {
		n := "HANGUL SYLLABLE " + jamo(lead[s/(nV*nT)]) + vowel[s%(nV*nT)/nT] + jamo(tail[s%nT])
		runeNames[n] = rune(0xAC00 + s)
	}
}

// addRuneNames indexes the named code points from lo to hi.
func addRuneNames(names map[string]rune, lo, hi rune) {
	for r := lo; r <= hi; r++ {
		if 0xD800 <= r && r <= 0xDFFF {
			continue
		}
		if n := runenames.Name(r); n != "" && n[0] != '<' {
			names[n] = r
		}
	}
}

// isUnifiedIdeograph reports whether r is in a CJK Unified Ideographs block.
func isUnifiedIdeograph(r rune) bool {
	switch {
	case 0x3400 <= r && r <= 0x4DBF, 0x4E00 <= r && r <= 0x9FFF, 0x20000 <= r && r <= 0x2A6DF,
		0x2A700 <= r && r <= 0x2EBEF, 0x30000 <= r && r <= 0x323AF:
		return true
	}
	return false
}

// nameAliases are the Unicode name aliases (NameAliases.txt) \N{…} accepts that runenames lacks:
// the names and abbreviations of control characters, and common format-character abbreviations.
// One code point per line: hex code, a space, then names separated by ';'.
const nameAliases = `
0000 NULL;NUL
0001 START OF HEADING;SOH
0002 START OF TEXT;STX
0003 END OF TEXT;ETX
0004 END OF TRANSMISSION;EOT
0005 ENQUIRY;ENQ
0006 ACKNOWLEDGE;ACK
0007 ALERT;BEL
0008 BACKSPACE;BS
0009 CHARACTER TABULATION;HORIZONTAL TABULATION;HT;TAB
000A LINE FEED;NEW LINE;END OF LINE;LF;NL;EOL
000B LINE TABULATION;VERTICAL TABULATION;VT
000C FORM FEED;FF
000D CARRIAGE RETURN;CR
000E SHIFT OUT;LOCKING-SHIFT ONE;SO
000F SHIFT IN;LOCKING-SHIFT ZERO;SI
0010 DATA LINK ESCAPE;DLE
0011 DEVICE CONTROL ONE;DC1
0012 DEVICE CONTROL TWO;DC2
0013 DEVICE CONTROL THREE;DC3
0014 DEVICE CONTROL FOUR;DC4
0015 NEGATIVE ACKNOWLEDGE;NAK
0016 SYNCHRONOUS IDLE;SYN
0017 END OF TRANSMISSION BLOCK;ETB
0018 CANCEL;CAN
0019 END OF MEDIUM;EOM
001A SUBSTITUTE;SUB
001B ESCAPE;ESC
001C INFORMATION SEPARATOR FOUR;FILE SEPARATOR;FS
001D INFORMATION SEPARATOR THREE;GROUP SEPARATOR;GS
001E INFORMATION SEPARATOR TWO;RECORD SEPARATOR;RS
001F INFORMATION SEPARATOR ONE;UNIT SEPARATOR;US
0020 SP
007F DELETE;DEL
0085 NEXT LINE;NEL
00A0 NBSP
00AD SHY
01A2 LATIN CAPITAL LETTER GHA
01A3 LATIN SMALL LETTER GHA
200B ZWSP
200C ZWNJ
200D ZWJ
FEFF BYTE ORDER MARK;BOM;ZWNBSP
`
