"""Writing a flow's guards, hooks and turn orders in place of their calls (``flow._Source`` uses it).

A function of the state is written in place only where that cannot change what it does: a plain function of one
parameter whose source, compiled again, is the code that runs; a guard that sets locals then returns an
expression, or a hook of a few assignments, calls and ifs; every other name it reads bound to a value its module
does not rebind (a number, a text, a tuple of them, a function, a class, a module). Anything else stays a call.
tests/test_flow_runner.py runs the compiled flows against a plain reading of the declarations.
"""
from __future__ import annotations

import ast
import builtins
import inspect
import textwrap
from dataclasses import dataclass
from types import BuiltinFunctionType, CodeType, FunctionType, ModuleType
from typing import Any, Callable


@dataclass(frozen=True)
class Body:
    """A function of the state simple enough to write in place of its call: its statements (a guard's only
    set locals) and, for a guard, the expression it returns."""
    parameter: str
    statements: tuple[ast.stmt, ...]
    result: ast.expr | None
    locals: frozenset[str]
    reads: dict[str, Any]  # the global names it reads, with their values


_HOOK_STATEMENTS = 4  # a hook or turn order longer than this stays a call
# Nodes an inlined body may not hold: scopes of their own, loops, early exits, imports.
_REFUSED = (ast.Lambda, ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp, ast.NamedExpr, ast.Yield,
            ast.YieldFrom, ast.Await, ast.Return, ast.Global, ast.Nonlocal, ast.FunctionDef, ast.AsyncFunctionDef,
            ast.ClassDef, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try, ast.Delete,
            ast.Import, ast.ImportFrom, ast.Match, ast.Break, ast.Continue)
_STATEMENTS = (ast.Assign, ast.AugAssign, ast.Expr, ast.If, ast.Pass)


def inline(function: Callable[[Any], Any]) -> Body | None:
    """``function``'s body, if it can stand in place of a call with the same effect: a plain function of one
    parameter whose source is the code that runs (compiled again and compared), a guard that sets locals
    then returns an expression, or a hook of a few assignments, calls and ifs; every other name it reads a
    global bound to a value that does not change (a number, a text, a function, a class, a module)."""
    if type(function) is not FunctionType or function.__closure__ or function.__defaults__ \
            or function.__kwdefaults__:
        return None
    code = function.__code__
    if code.co_argcount != 1 or code.co_kwonlyargcount or code.co_posonlyargcount \
            or code.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS | inspect.CO_GENERATOR
                                | inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR):
        return None
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return None
    definition = tree.body[0] if len(tree.body) == 1 else None
    if not isinstance(definition, ast.FunctionDef) or definition.decorator_list \
            or definition.name != function.__name__ or not _same_code(definition, code):
        return None
    statements = list(definition.body)
    if statements and isinstance(statements[0], ast.Expr) and isinstance(statements[0].value, ast.Constant) \
            and isinstance(statements[0].value.value, str):
        statements = statements[1:]  # the docstring
    result: ast.expr | None = None
    if statements and isinstance(statements[-1], ast.Return):
        if statements[-1].value is None:
            return None
        result = statements[-1].value
        statements = statements[:-1]
        if not all(isinstance(s, ast.Assign) and all(isinstance(t, ast.Name) for t in s.targets)
                   for s in statements):
            return None
    else:
        plain = _without_returns(statements) if len(statements) <= _HOOK_STATEMENTS else None
        if plain is None:
            return None
        statements = plain
    parts: list[ast.AST] = [*statements, *([result] if result is not None else [])]
    nodes = [node for part in parts for node in ast.walk(part)]
    if any(isinstance(node, _REFUSED) for node in nodes) \
            or any(isinstance(node, ast.stmt) and not isinstance(node, _STATEMENTS) for node in nodes):
        return None
    parameter = definition.args.args[0].arg
    names = [node for node in nodes if isinstance(node, ast.Name)]
    stored = {n.id for n in names if not isinstance(n.ctx, ast.Load)}
    if parameter in stored:
        return None
    reads: dict[str, Any] = {}
    for name in {n.id for n in names} - stored - {parameter}:
        if name in function.__globals__:
            value = function.__globals__[name]
        elif name in vars(builtins):
            value = vars(builtins)[name]
        else:
            return None
        if not _fixed(value):
            return None
        reads[name] = value
    return Body(parameter, tuple(statements), result, frozenset(stored), reads)


def _without_returns(statements: list[ast.stmt]) -> list[ast.stmt] | None:
    """A hook's statements with each bare ``return`` that ends an ``if`` written as an ``else`` (``if c: a;
    return`` then the rest: ``if c: a else: the rest``), and the rest after a bare ``return`` dropped."""
    for k, statement in enumerate(statements):
        if isinstance(statement, ast.Return):
            return statements[:k] if statement.value is None else None
        if isinstance(statement, ast.If) and not statement.orelse and isinstance(statement.body[-1], ast.Return) \
                and statement.body[-1].value is None:
            rest = _without_returns(statements[k + 1:])
            if rest is None:
                return None
            branch = ast.If(test=statement.test, body=statement.body[:-1] or [ast.Pass()], orelse=rest)
            return [*statements[:k], ast.copy_location(branch, statement)]
    return statements


def _same_code(definition: ast.FunctionDef, code: CodeType) -> bool:
    """Is this source the code that runs (not a file changed since it was imported)?"""
    compiled = compile(ast.Module(body=[definition], type_ignores=[]), code.co_filename, "exec")
    made = next((c for c in compiled.co_consts if isinstance(c, CodeType)), None)
    return made is not None and (made.co_code, made.co_consts, made.co_names, made.co_varnames) == \
        (code.co_code, code.co_consts, code.co_names, code.co_varnames)


def _fixed(value: Any) -> bool:
    """A global an inlined body may read by its value when compiled: one its module does not rebind."""
    if isinstance(value, (bool, int, float, str, bytes, type(None))):
        return True
    if isinstance(value, (tuple, frozenset)):
        return all(_fixed(item) for item in value)
    return isinstance(value, (FunctionType, BuiltinFunctionType, type, ModuleType))


class Rename(ast.NodeTransformer):
    def __init__(self, names: dict[str, str]):
        self.names = names

    def visit_Name(self, node: ast.Name) -> ast.Name:
        return ast.copy_location(ast.Name(id=self.names[node.id], ctx=node.ctx), node)
