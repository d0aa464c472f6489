// The project's own part of the regular-expression check (eslint.config.js):
// - the rule `regex/bounded-comment`: a regexp/* rule may be switched off only for the next line,
//   only by a directive that names regexp/* rules alone, and only under a comment beginning
//   `// bounded:` that names the bound of the input (docs/security.md "Regular expressions");
// - the processor `regex/directives`: ESLint's "unused eslint-disable" report, kept for the
//   regexp/* rules (a stale directive would hide the next regex written on its line) and
//   dropped for the other rules' directives, whose rules this check does not run.

const DIRECTIVE = /^\s*eslint-disable(-next-line|-line)?(?:\s|$)/;

/** The rules a directive comment names ("a, b -- why" → ["a", "b"]). */
function namedRules(value) {
  return value.replace(DIRECTIVE, '').split('--')[0].split(',').map((r) => r.trim()).filter(Boolean);
}

const boundedComment = {
  meta: {
    type: 'problem',
    docs: { description: 'regexp/* rules are disabled only next-line, under a `// bounded:` comment' },
    schema: [],
    messages: {
      kind: 'Disable a regexp/* rule with eslint-disable-next-line only, under a `// bounded:` comment.',
      mixed: 'A directive that disables a regexp/* rule names regexp/* rules only.',
      bound: 'Say why the input is short: a comment beginning `// bounded:` right above this directive (docs/security.md).',
    },
  },
  create(context) {
    const source = context.sourceCode;
    return {
      Program() {
        const comments = source.getAllComments();
        const lineComments = new Map(comments.filter((c) => c.type === 'Line').map((c) => [c.loc.start.line, c]));
        for (const comment of comments) {
          const m = DIRECTIVE.exec(comment.value);
          if (!m) continue;
          const rules = namedRules(comment.value);
          const regexpRules = rules.filter((r) => r.startsWith('regexp/'));
          if (regexpRules.length === 0) continue;
          if (regexpRules.length !== rules.length) context.report({ loc: comment.loc, messageId: 'mixed' });
          if (m[1] !== '-next-line' || comment.type !== 'Line') {
            context.report({ loc: comment.loc, messageId: 'kind' });
            continue;
          }
          // The comment lines right above it, read upwards: one of them begins with "bounded:".
          let line = comment.loc.start.line - 1;
          let bounded = false;
          while (!bounded && lineComments.get(line)?.loc.start.column === comment.loc.start.column) bounded = /^ bounded: \S/.test(lineComments.get(line--).value);
          if (!bounded) context.report({ loc: comment.loc, messageId: 'bound' });
        }
      },
    };
  },
};

const UNUSED = /^Unused eslint-disable directive/;

export default {
  meta: { name: 'regex' },
  rules: { 'bounded-comment': boundedComment },
  processors: {
    directives: {
      preprocess: (text) => [text],
      postprocess: (lists) => lists.flat().filter((m) => !(m.ruleId === null && UNUSED.test(m.message) && !m.message.includes("'regexp/"))),
      supportsAutofix: true,
    },
  },
};
