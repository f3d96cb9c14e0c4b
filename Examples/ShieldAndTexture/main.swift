// Placeholder: the DSL example lands here.
