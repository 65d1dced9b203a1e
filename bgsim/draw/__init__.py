"""Pictures: the SVG boards, the convergence chart and the page's theme and presentation
settings. It may import :mod:`bgsim.engine` only; the layers above call it for their
``_repr_svg_``/``_repr_html_`` hooks.
"""
