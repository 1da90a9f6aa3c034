/**
 * Types and names: parsing them, and scanning ahead to decide whether tokens form a type at all (C#'s
 * cast, declaration and generic-name ambiguities are all settled by such scans, as in Roslyn).
 */
import type { ArrayRank, ArrayType, Expression, Name, OmittedSize, QualifiedName, TypeNode } from './ast.js';
import { ParserCore, Terminator } from './parser-core.js';
import { definiteAfterTypeArgumentsKinds } from './syntax-facts.js';
import { isPredefinedTypeKeyword, type Token } from './tokens.js';

/** Roslyn's ScanTypeFlags: what a run of tokens could be when read as a type. */
export type ScanTypeFlags =
  | 'NotType'
  | 'MustBeType'
  | 'GenericTypeOrMethod'
  | 'GenericTypeOrExpression'
  | 'NonGenericTypeOrExpression'
  | 'AliasQualifiedName'
  | 'NullableType'
  | 'PointerOrMultiplication'
  | 'TupleType';

/** Roslyn's ParseTypeMode: the context a type is parsed in changes what may follow it. */
export type TypeMode =
  | 'normal'
  | 'parameter'
  | 'afterIs'
  | 'definitePattern'
  | 'afterOut'
  | 'asExpression'
  | 'newExpression'
  | 'firstElementOfPossibleTupleLiteral'
  | 'afterTupleComma';

/** Roslyn's NameOptions, for telling a generic name from a `<` comparison. */
export const NameOptions = {
  None: 0,
  InExpression: 1 << 0,
  InTypeList: 1 << 1,
  AfterIs: 1 << 2,
  DefinitePattern: 1 << 3,
  AfterOut: 1 << 4,
  AfterTupleComma: 1 << 5,
  FirstElementOfPossibleTupleLiteral: 1 << 6,
} as const;

type TypeArgumentListKind = 'NotTypeArgumentList' | 'PossibleTypeArgumentList' | 'DefiniteTypeArgumentList';

export abstract class TypeParser extends ParserCore {
  protected abstract parseExpression(): Expression;

  // ------------------------------------------------------------------------------------ scans

  /** Roslyn's ScanType: advances over a possible type and says what it could be (callers rewind). */
  protected scanType(mode: TypeMode = 'normal'): ScanTypeFlags {
    this.enterNesting();
    try {
      return this.scanTypeCore(mode);
    } finally {
      this.exitNesting();
    }
  }

  private scanTypeCore(mode: TypeMode): ScanTypeFlags {
    let result: ScanTypeFlags;
    let last: Token;
    if (this.at('ref')) {
      this.eat();
      if (this.at('readonly')) this.eat();
    }
    if (this.at('Identifier') || this.at('::')) {
      const isAlias = this.at('::') || this.peek(1).kind === '::';
      if (this.at('::')) {
        result = 'NonGenericTypeOrExpression';
      } else {
        result = this.scanNamedTypePart();
        if (result === 'NotType') return 'NotType';
      }
      let firstLoop = true;
      let alias = isAlias;
      while (this.at('.') || this.at('::')) {
        if (!firstLoop) alias = false;
        firstLoop = false;
        this.eat();
        result = this.scanNamedTypePart();
        if (result === 'NotType') return 'NotType';
      }
      if (alias) result = 'AliasQualifiedName';
      last = this.tokens[this.index - 1];
    } else if (isPredefinedTypeKeyword(this.current.kind)) {
      last = this.eat();
      result = 'MustBeType';
    } else if (this.at('(')) {
      this.eat();
      result = this.scanTupleType();
      if (result === 'NotType' || (mode === 'definitePattern' && !this.at('['))) return 'NotType';
      last = this.tokens[this.index - 1];
    } else {
      return 'NotType';
    }
    for (;;) {
      const kind = this.current.kind;
      if (kind === '?' && last.kind !== '?' && last.kind !== '*') {
        last = this.eat();
        result = 'NullableType';
      } else if (kind === '*' && last.kind !== ']') {
        if (
          mode === 'definitePattern' ||
          mode === 'firstElementOfPossibleTupleLiteral' ||
          mode === 'afterTupleComma'
        ) {
          break;
        }
        last = this.eat();
        if (result === 'GenericTypeOrExpression' || result === 'NonGenericTypeOrExpression') {
          result = 'PointerOrMultiplication';
        } else if (result === 'GenericTypeOrMethod') {
          result = 'MustBeType';
        }
      } else if (kind === '[') {
        this.eat();
        while (this.at(',')) this.eat();
        if (!this.at(']')) return 'NotType';
        last = this.eat();
        result = 'MustBeType';
      } else {
        break;
      }
    }
    return result;
  }

  protected scanTupleType(): ScanTypeFlags {
    if (this.scanType() === 'NotType') return 'NotType';
    if (this.at('Identifier')) this.eat();
    if (!this.at(',')) return 'NotType';
    while (this.at(',')) {
      this.eat();
      if (this.scanType() === 'NotType') return 'NotType';
      if (this.at('Identifier')) this.eat();
    }
    if (!this.at(')')) return 'NotType';
    this.eat();
    return 'TupleType';
  }

  private scanNamedTypePart(): ScanTypeFlags {
    if (!this.at('Identifier')) return 'NotType';
    this.eat();
    if (this.at('<')) return this.scanPossibleTypeArgumentList().flags;
    return 'NonGenericTypeOrExpression';
  }

  /** Roslyn's ScanPossibleTypeArgumentList, from `<` through `>`. */
  private scanPossibleTypeArgumentList(): { flags: ScanTypeFlags; definite: boolean } {
    let result: ScanTypeFlags = 'GenericTypeOrExpression';
    let definite = false;
    do {
      this.eat();
      if (this.at('[')) return { flags: 'NotType', definite };
      if (this.at('>')) {
        this.eat();
        return { flags: result, definite };
      }
      switch (this.scanType()) {
        case 'NotType':
          return { flags: 'NotType', definite };
        case 'MustBeType':
          definite ||= this.at(',') || this.at('>');
          result = 'GenericTypeOrMethod';
          break;
        case 'NullableType':
          definite ||= this.at(',') || this.at('>');
          if (definite) result = 'GenericTypeOrMethod';
          break;
        case 'GenericTypeOrExpression':
          if (!definite) {
            definite = this.at(',');
            result = 'GenericTypeOrMethod';
          }
          break;
        case 'GenericTypeOrMethod':
          result = 'GenericTypeOrMethod';
          break;
        default:
          break;
      }
    } while (this.at(','));
    if (!this.at('>')) return { flags: 'NotType', definite };
    this.eat();
    return { flags: result, definite };
  }

  /** Roslyn's ScanTypeArgumentList: is the `<` here the start of type arguments? */
  private scanTypeArgumentList(options: number): TypeArgumentListKind {
    if (!this.at('<')) return 'NotTypeArgumentList';
    if (!(options & NameOptions.InExpression)) return 'DefiniteTypeArgumentList';
    return this.lookAhead(() => {
      const { flags, definite } = this.scanPossibleTypeArgumentList();
      if (flags === 'NotType') return 'NotTypeArgumentList';
      if (definite) return 'DefiniteTypeArgumentList';
      const kind = this.current.kind;
      if (definiteAfterTypeArgumentsKinds.has(kind)) return 'DefiniteTypeArgumentList';
      if (kind === '>' && options & NameOptions.AfterIs && this.peek(1).kind !== '>')
        return 'DefiniteTypeArgumentList';
      if (kind === 'Identifier') {
        const next = this.peek(1).kind;
        if (
          options & (NameOptions.AfterIs | NameOptions.DefinitePattern | NameOptions.AfterOut) ||
          (options & NameOptions.AfterTupleComma && (next === ',' || next === ')')) ||
          (options & NameOptions.FirstElementOfPossibleTupleLiteral && next === ',')
        ) {
          return 'DefiniteTypeArgumentList';
        }
      }
      return 'PossibleTypeArgumentList';
    });
  }

  // ---------------------------------------------------------------------------------- names

  /** Roslyn's ParseIdentifierToken: the identifier, or CS1001 and undefined. */
  protected parseIdentifierToken(): Token | undefined {
    if (this.at('Identifier')) return this.eat();
    this.reportMissing('CS1001');
    return undefined;
  }

  /** A simple name; `<...>` after it is a type argument list when the scan says so. */
  protected parseSimpleName(options: number): Name {
    const identifier = this.parseIdentifierToken();
    if (!identifier) {
      const at = this.missingNode();
      return { kind: 'Name', identifier: '', verbatim: false, start: at.start, end: at.end };
    }
    const kind = this.scanTypeArgumentList(options);
    if (
      kind === 'DefiniteTypeArgumentList' ||
      (kind === 'PossibleTypeArgumentList' && options & NameOptions.InTypeList)
    ) {
      const typeArguments = this.parseTypeArgumentList();
      return {
        kind: 'Name',
        identifier: identifier.value,
        verbatim: identifier.verbatim,
        typeArguments,
        ...this.span(identifier.start),
      };
    }
    return {
      kind: 'Name',
      identifier: identifier.value,
      verbatim: identifier.verbatim,
      ...this.tokenSpan(identifier),
    };
  }

  private parseTypeArgumentList(): TypeNode[] {
    this.eat();
    const types: TypeNode[] = [];
    if (this.isOpenName()) {
      while (this.tryEat(',')) {
        // `F<,>` names an unbound generic type; only typeof accepts it, and fragments reject typeof.
      }
      this.expect('>');
      return types;
    }
    types.push(this.parseTypeArgument());
    for (;;) {
      if (this.at('>')) break;
      if (this.at(',') || this.isPossibleType()) {
        this.expect(',');
        types.push(this.parseTypeArgument());
      } else if (
        this.skipBadTokens(
          () => !this.at(',') && !this.isPossibleType(),
          () => this.at('>'),
          ',',
        ) === 'abort'
      ) {
        break;
      }
    }
    this.expect('>');
    return types;
  }

  private isOpenName(): boolean {
    let offset = 0;
    while (this.peek(offset).kind === ',') offset++;
    return this.peek(offset).kind === '>';
  }

  private parseTypeArgument(): TypeNode {
    const type = this.withTerminator(Terminator.TypeArgumentList, () => this.parseType());
    // `Action<0>`: skip the stray token when a `,` or `>` follows, to keep the list together.
    if (type.kind === 'Missing' && !this.at(',') && !this.at('>')) {
      const next = this.peek(1).kind;
      if (next === ',' || next === '>') this.eat();
    }
    return type;
  }

  /** Roslyn's IsPossibleType. */
  protected isPossibleType(): boolean {
    const kind = this.current.kind;
    return isPredefinedTypeKeyword(kind) || kind === 'Identifier' || kind === '(' || kind === '::';
  }

  // ---------------------------------------------------------------------------------- types

  /** Roslyn's ParseType: an underlying type followed by `?`, `*` and array ranks as the mode allows. */
  protected parseType(mode: TypeMode = 'normal'): TypeNode {
    this.enterNesting();
    try {
      const start = this.current.start;
      let type = this.parseUnderlyingType(mode);
      for (;;) {
        if (this.at('?') && type.kind !== 'NullableType' && this.canTakeNullableQualifier(mode)) {
          this.eat();
          type = { kind: 'NullableType', elementType: type, ...this.span(start) };
        } else if (this.at('*') && type.kind !== 'ArrayType') {
          const pointerNeedsRank =
            mode === 'afterIs' ||
            mode === 'definitePattern' ||
            mode === 'firstElementOfPossibleTupleLiteral' ||
            mode === 'afterTupleComma';
          if (pointerNeedsRank && !this.pointersFollowedByRank()) break;
          this.eat();
          type = this.unsupported('pointer type', start, this.lastEnd);
        } else if (this.at('[')) {
          const ranks: ArrayRank[] = [];
          while (this.at('[')) ranks.push(this.parseArrayRank());
          type = { kind: 'ArrayType', elementType: type, ranks, ...this.span(start) } satisfies ArrayType;
        } else {
          break;
        }
      }
      return type;
    } finally {
      this.exitNesting();
    }
  }

  /** Roslyn's EatNullableQualifierIfApplicable: where a type may end an expression, `?` must not start one. */
  private canTakeNullableQualifier(mode: TypeMode): boolean {
    const after = this.peek(1).kind;
    switch (mode) {
      case 'afterIs':
      case 'definitePattern':
      case 'asExpression':
        return !this.lookAhead(() => {
          this.eat();
          return this.canStartExpression();
        });
      case 'newExpression':
        return after === '(' || after === '[' || after === '{';
      default:
        return true;
    }
  }

  private parseUnderlyingType(mode: TypeMode): TypeNode {
    const token = this.current;
    if (isPredefinedTypeKeyword(token.kind)) {
      this.eat();
      if (token.kind === 'void' && !this.at('*')) {
        this.report(mode === 'parameter' ? 'CS1536' : 'CS1547', token.start, token.end);
      }
      return { kind: 'PredefinedType', keyword: token.kind, ...this.tokenSpan(token) };
    }
    if (token.kind === 'Identifier') return this.parseQualifiedName(nameOptionsFor(mode));
    if (token.kind === '(') return this.parseTupleTypeUnsupported();
    this.reportMissing(mode === 'newExpression' ? 'CS1526' : 'CS1031');
    return this.missingNode();
  }

  private parseTupleTypeUnsupported(): TypeNode {
    const start = this.current.start;
    this.eat();
    let depth = 1;
    while (depth > 0 && !this.at('EndOfFile') && !this.at(';') && !this.at('}')) {
      if (this.at('(')) depth++;
      if (this.at(')')) depth--;
      this.eat();
    }
    return this.unsupported('tuple type', start, this.lastEnd);
  }

  /** `A.B.C<T>` in type position; `a::b` aliases are outside the subset. */
  protected parseQualifiedName(options: number): Name | QualifiedName | TypeNode {
    const start = this.current.start;
    let left: Name | QualifiedName = this.parseSimpleName(options);
    if (this.at('::')) {
      this.eat();
      this.parseSimpleName(options);
      while (this.at('.') && this.peek(1).kind === 'Identifier') {
        this.eat();
        this.parseSimpleName(options);
      }
      return this.unsupported('alias-qualified name', start, this.lastEnd);
    }
    while (this.at('.')) {
      this.eat();
      const right = this.parseSimpleName(options);
      left = { kind: 'QualifiedName', left, right, ...this.span(start) };
    }
    return left;
  }

  /** Roslyn's ParseArrayRankSpecifier: `[`, sizes or commas, `]`. */
  protected parseArrayRank(): ArrayRank {
    const start = this.current.start;
    this.eat();
    const sizes: (Expression | OmittedSize)[] = [];
    let sawOmitted = false;
    let sawSize = false;
    let separators = 0;
    while (!this.at(']')) {
      const before = this.index;
      if (this.at(',')) {
        sawOmitted = true;
        sizes.push(this.omittedSize());
        this.eat();
        separators++;
      } else if (this.isPossibleExpression()) {
        sizes.push(this.parseExpression());
        sawSize = true;
        if (!this.at(']')) {
          this.expect(',');
          separators++;
        }
      } else if (
        this.skipBadTokens(
          () => !this.at(',') && !this.isPossibleExpression(),
          () => this.at(']'),
          ',',
        ) === 'abort'
      ) {
        break;
      }
      if (this.index === before) break;
    }
    if (sizes.length === separators) {
      sawOmitted = true;
      sizes.push(this.omittedSize());
    }
    if (sawOmitted && sawSize) {
      for (let i = 0; i < sizes.length; i++) {
        const size = sizes[i];
        if (size.kind === 'OmittedSize') {
          this.report('CS0443', size.start, size.end);
          sizes[i] = { kind: 'Missing', start: size.start, end: size.end };
        }
      }
    }
    this.expect(']');
    return { kind: 'ArrayRank', sizes, ...this.span(start) };
  }

  private pointersFollowedByRank(): boolean {
    let offset = 0;
    while (this.peek(offset).kind === '*') offset++;
    return this.peek(offset).kind === '[';
  }

  private omittedSize(): OmittedSize {
    const at = this.clamp(this.current.start);
    return { kind: 'OmittedSize', start: at, end: at };
  }
}

/** Roslyn's ParseTypeCore: only types that may end an expression scan `<` as a possible comparison. */
function nameOptionsFor(mode: TypeMode): number {
  switch (mode) {
    case 'afterIs':
      return NameOptions.InExpression | NameOptions.AfterIs;
    case 'definitePattern':
      return NameOptions.InExpression | NameOptions.DefinitePattern;
    case 'afterOut':
      return NameOptions.InExpression | NameOptions.AfterOut;
    case 'afterTupleComma':
      return NameOptions.InExpression | NameOptions.AfterTupleComma;
    case 'firstElementOfPossibleTupleLiteral':
      return NameOptions.InExpression | NameOptions.FirstElementOfPossibleTupleLiteral;
    default:
      return NameOptions.None;
  }
}
