# CRLF line ends, a lone CR, a form feed and a tab.
x = (1,
     2)
y = 3if x:
	z = 4
