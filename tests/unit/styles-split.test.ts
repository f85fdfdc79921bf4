import { describe, expect, it } from 'vitest';
import { splitRules } from '../../src/ui/styles.tsx';

describe('splitRules (goober output → rules for insertRule)', () => {
  it('splits top-level rules, keeping nested blocks whole', () => {
    expect(splitRules('.go1{color:red;}.go1:hover{color:blue;}@media (max-width: 599px){.go1{display:none;}}')).toEqual([
      '.go1{color:red;}',
      '.go1:hover{color:blue;}',
      '@media (max-width: 599px){.go1{display:none;}}',
    ]);
    expect(splitRules('@keyframes go2{from{opacity:0;}to{opacity:1;}}')).toEqual(['@keyframes go2{from{opacity:0;}to{opacity:1;}}']);
  });

  it('ignores braces inside strings and drops top-level statements', () => {
    expect(splitRules('@import url(x.css);.go3::before{content:"}{";}.go3{content:\'\\\'}\';}')).toEqual([
      '.go3::before{content:"}{";}',
      ".go3{content:'\\'}';}",
    ]);
    expect(splitRules('')).toEqual([]);
  });
});
