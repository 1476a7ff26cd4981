# f2g_embed_text(OUT_CPP INPUT SYMBOL): a .cpp defining `extern const char SYMBOL[]` with the
# text of INPUT, regenerated when INPUT changes. Keeps data files (vertex-format tables) as
# data, embedded as the built-in default.
function(f2g_embed_text out_cpp input symbol)
  add_custom_command(
    OUTPUT ${out_cpp}
    COMMAND ${CMAKE_COMMAND} -DINPUT=${input} -DOUTPUT=${out_cpp} -DSYMBOL=${symbol}
            -P ${PROJECT_SOURCE_DIR}/cmake/EmbedRun.cmake
    DEPENDS ${input} ${PROJECT_SOURCE_DIR}/cmake/EmbedRun.cmake
    COMMENT "Embedding ${input}")
endfunction()
