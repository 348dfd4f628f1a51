# A UTF-8 BOM: kept in Src, the first token starts after it.
x = "é"
