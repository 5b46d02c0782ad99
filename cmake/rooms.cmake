# Rooms are folders: each is one static library whose link line is the list of rooms it may use, so an include of a
# room that is not on that list fails to compile (its headers are not on the include path) and a call into one fails
# to link. tests/check_rooms.cmake (the CTest `rooms_layout`) checks the includes against the same lists.

# iw_room(<target> [USES room targets…] [LIBS other libraries…]): the .cpp/.h files of the calling folder.
function(iw_room target)
  cmake_parse_arguments(ROOM "" "" "USES;LIBS" ${ARGN})
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp ${CMAKE_CURRENT_SOURCE_DIR}/*.h)
  add_library(${target} STATIC ${sources})
  target_include_directories(${target} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
  target_link_libraries(${target} PUBLIC ${ROOM_USES} ${ROOM_LIBS})
  file(RELATIVE_PATH folder ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR})
  set_property(GLOBAL APPEND PROPERTY IW_ROOMS ${target})
  set_property(GLOBAL PROPERTY IW_ROOM_FOLDER_${target} ${folder})
  set_property(GLOBAL PROPERTY IW_ROOM_USES_${target} ${ROOM_USES})
endfunction()

# iw_room_resources(<target> <folder under resources/> <glob>): files shipped inside the binary as ":/<folder>/…".
function(iw_room_resources target folder pattern)
  file(GLOB files CONFIGURE_DEPENDS RELATIVE ${PROJECT_SOURCE_DIR}/resources
       ${PROJECT_SOURCE_DIR}/resources/${folder}/${pattern})
  set(paths)
  foreach(f ${files})
    set_source_files_properties(${PROJECT_SOURCE_DIR}/resources/${f} PROPERTIES QT_RESOURCE_ALIAS ${f})
    list(APPEND paths ${PROJECT_SOURCE_DIR}/resources/${f})
  endforeach()
  if(paths)
    qt_add_resources(${target} "${target}_${folder}" PREFIX "/" FILES ${paths})
  endif()
endfunction()

# Writes <build>/rooms.txt: one line per room, "<folder> <folders it may include from…>" (its own uses and theirs,
# transitively), read by the rooms_layout test.
function(iw_write_room_map)
  get_property(rooms GLOBAL PROPERTY IW_ROOMS)
  set(text "")
  foreach(room ${rooms})
    set(seen)
    set(queue ${room})
    while(queue)
      list(POP_FRONT queue current)
      if(current IN_LIST seen)
        continue()
      endif()
      list(APPEND seen ${current})
      get_property(uses GLOBAL PROPERTY IW_ROOM_USES_${current})
      list(APPEND queue ${uses})
    endwhile()
    set(folders)
    foreach(r ${seen})
      get_property(f GLOBAL PROPERTY IW_ROOM_FOLDER_${r})
      list(APPEND folders ${f})
    endforeach()
    list(JOIN folders " " line)
    string(APPEND text "${line}\n")
  endforeach()
  file(WRITE ${PROJECT_BINARY_DIR}/rooms.txt "${text}")
endfunction()

# iw_room_translations(<target> <name> [SOURCES files…]): the room's Qt Linguist files, translations/<name>_ru.ts and
# <name>_uk.ts (every string; docs/glossary.md) and <name>_en.ts (only the plural forms English needs for "%n …" strings),
# compiled by lrelease into the room's library as ":/i18n/<name>_<language>.qm" (views/language loads every one it
# finds). SOURCES adds files of other rooms whose marked strings (QT_TRANSLATE_NOOP) this room shows: a core
# sentence template the command line prints in English and the room's view translates.
# `cmake --build <build> --target update_translations` brings the .ts files up to date with the sources, dropping
# strings that are gone; the CTest `translations_<name>` fails while any string lacks its translation or any
# translation has lost its string. Locations are not written, so a .ts file changes only when a text does.
function(iw_room_translations target name)
  cmake_parse_arguments(TRANSLATE "" "" "SOURCES" ${ARGN})
  set(dir ${CMAKE_CURRENT_SOURCE_DIR}/translations)
  set(full ${dir}/${name}_ru.ts ${dir}/${name}_uk.ts)
  set(plural ${dir}/${name}_en.ts)
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp ${CMAKE_CURRENT_SOURCE_DIR}/*.h)
  foreach(extra ${TRANSLATE_SOURCES})
    get_filename_component(extra ${extra} ABSOLUTE BASE_DIR ${PROJECT_SOURCE_DIR})
    list(APPEND sources ${extra})
  endforeach()
  qt6_add_lupdate(${target} TS_FILES ${full} SOURCES ${sources} INCLUDE_DIRECTORIES ${CMAKE_CURRENT_SOURCE_DIR}
                  OPTIONS -locations none -no-obsolete)
  qt6_add_lupdate(${target}_plurals TS_FILES ${plural} SOURCES ${sources}
                  INCLUDE_DIRECTORIES ${CMAKE_CURRENT_SOURCE_DIR} OPTIONS -locations none -no-obsolete -pluralonly)
  qt6_add_lrelease(${target} TS_FILES ${full} ${plural} QM_FILES_OUTPUT_VARIABLE qm NO_GLOBAL_TARGET)
  qt6_add_resources(${target} "${target}_translations" PREFIX "/i18n" BASE ${CMAKE_CURRENT_BINARY_DIR} FILES ${qm})
  if(BUILD_TESTING)
    list(JOIN sources "\n" listing)
    file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/${name}_lupdate_sources.txt "${listing}\n")
    add_test(NAME translations_${name}
             COMMAND ${CMAKE_COMMAND} "-DLUPDATE=$<TARGET_FILE:Qt6::lupdate>"
                     -DSOURCES=${CMAKE_CURRENT_BINARY_DIR}/${name}_lupdate_sources.txt
                     "-DFULL=${full}" "-DPLURAL=${plural}" -DWORK=${CMAKE_CURRENT_BINARY_DIR}/translations_check
                     -P ${PROJECT_SOURCE_DIR}/tests/check_translations.cmake)
    set_tests_properties(translations_${name} PROPERTIES LABELS translations)
  endif()
endfunction()
