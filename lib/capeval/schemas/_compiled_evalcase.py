# Generated from evalcase.json by capeval.schemas.build; do not edit.
# source-sha256: 8721798fbf854b667bb9dc0ae2df20b684348e7861d53aa17bc34b81abff0b39


def JsonSchemaValueException(*args, **kwargs):
    # fastjsonschema's own exception, imported only when a record fails
    from fastjsonschema import JsonSchemaValueException as exception

    return exception(*args, **kwargs)



VERSION = "2.22.3"
from decimal import Decimal
import re


REGEX_PATTERNS_validate_record = {
    '^[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9][a-z0-9-]*)+$': re.compile('^[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9][a-z0-9-]*)+\\Z'),
    '^[a-z0-9][a-z0-9_-]*$': re.compile('^[a-z0-9][a-z0-9_-]*\\Z'),
    '^[a-z0-9][a-z0-9._:/-]*$': re.compile('^[a-z0-9][a-z0-9._:/-]*\\Z'),
    '^x-': re.compile('^x-'),
    '^[a-z][a-z0-9_]*$': re.compile('^[a-z][a-z0-9_]*\\Z')
}

NoneType = type(None)

def validate_https___capeval_invalid_schemas_evalcase_v1_json(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/evalcase-v1.json', 'title': 'EvalCase v1', 'description': 'One evaluation case of the EvalCase v1 contract. Keys starting with x- are the extension point.', 'type': 'object', 'required': ['schema_version', 'id', 'source_locale', 'target_locale', 'domain', 'source', 'assertions', 'provenance'], 'properties': {'schema_version': {'type': 'integer', 'const': 1}, 'id': {'type': 'string', 'maxLength': 200, 'pattern': '^[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9][a-z0-9-]*)+$'}, 'source_locale': {'type': 'string', 'minLength': 1, 'maxLength': 64}, 'target_locale': {'type': 'string', 'minLength': 1, 'maxLength': 64}, 'domain': {'type': 'string', 'maxLength': 64, 'pattern': '^[a-z0-9][a-z0-9_-]*$'}, 'source': {'type': 'string'}, 'assertions': {'type': 'array', 'minItems': 1, 'items': {'type': 'object', 'required': ['name', 'severity'], 'properties': {'name': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'severity': {'enum': ['hard', 'report']}, 'params': {'type': 'object'}}, 'additionalProperties': False}}, 'provenance': {'type': 'object', 'required': ['kind', 'license'], 'properties': {'kind': {'enum': ['synthetic', 'public-domain', 'compatible-licensed', 'authorized-regression']}, 'license': {'type': 'string'}, 'source': {'type': 'string', 'minLength': 1}, 'transformation': {'type': 'string'}}, 'additionalProperties': False}, 'context': {'type': 'object', 'properties': {'max_chars': {'type': 'integer', 'minimum': 1}}}, 'required_tokens': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'references': {'type': 'array', 'items': {'type': 'string'}}, 'difficulty': {'enum': ['basic', 'intermediate', 'advanced']}, 'tags': {'type': 'array', 'items': {'type': 'string', 'pattern': '^[a-z0-9][a-z0-9._:/-]*$'}}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False, 'definitions': {'provenance': {'type': 'object', 'required': ['kind', 'license'], 'properties': {'kind': {'enum': ['synthetic', 'public-domain', 'compatible-licensed', 'authorized-regression']}, 'license': {'type': 'string'}, 'source': {'type': 'string', 'minLength': 1}, 'transformation': {'type': 'string'}}, 'additionalProperties': False}, 'assertion': {'type': 'object', 'required': ['name', 'severity'], 'properties': {'name': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'severity': {'enum': ['hard', 'report']}, 'params': {'type': 'object'}}, 'additionalProperties': False}, 'params_protocol_complete': {'type': 'object', 'required': ['expected_items'], 'properties': {'expected_items': {'type': 'integer', 'minimum': 1}, 'terminator': {'type': 'string', 'minLength': 1}, 'allow_extra_items': {'type': 'boolean'}, 'format': {'enum': ['numbered', 'json_array', 'delimited']}, 'marker': {'type': 'string', 'pattern': '\\{n\\}'}, 'delimiter': {'type': 'string', 'minLength': 1}}, 'additionalProperties': False}, 'params_placeholder_integrity': {'type': 'object', 'properties': {'syntax': {'enum': ['auto', 'printf', 'python', 'icu', 'custom']}, 'allow_reorder': {'type': 'boolean'}, 'style': {'enum': ['auto', 'percent', 'brace']}, 'tags': {'type': 'boolean'}, 'pattern': {'type': 'string', 'minLength': 1}, 'preset': {'enum': ['mustache', 'ruby', 'dollar', 'numbered-tags', 'xml']}, 'single_count': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_number_fidelity': {'type': 'object', 'properties': {'ignore': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False}, 'params_required_tokens': {'type': 'object', 'properties': {'tokens': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False}, 'params_forbidden_renderings': {'type': 'object', 'properties': {'patterns': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'regex': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'case_sensitive': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_max_chars': {'type': 'object', 'properties': {'max': {'type': 'integer', 'minimum': 1}, 'unit': {'enum': ['graphemes', 'codepoints', 'utf16', 'bytes', 'columns']}}, 'additionalProperties': False}, 'params_script_fidelity': {'type': 'object', 'properties': {'scripts': {'type': 'array', 'items': {'type': 'string', 'pattern': '^[A-Z][a-z]{3}$'}, 'minItems': 1, 'uniqueItems': True}, 'min_share': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'min_letters': {'type': 'integer', 'minimum': 1}, 'allow': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'source_terms': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_language_fidelity': {'type': 'object', 'properties': {'min_letters': {'type': 'integer', 'minimum': 1}, 'min_confidence': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'accept': {'type': 'array', 'items': {'type': 'string', 'pattern': '^[a-z]{2,3}$'}, 'uniqueItems': True}, 'close_languages': {'type': 'boolean'}, 'allow': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False}, 'params_untranslated': {'type': 'object', 'properties': {'allow': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'min_words': {'type': 'integer', 'minimum': 1}, 'min_copy_words': {'type': 'integer', 'minimum': 1}, 'copied_share': {'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}}, 'additionalProperties': False}, 'params_response_clean': {'type': 'object', 'properties': {'lead_ins': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'notes': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'markers': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'echo': {'type': 'boolean'}, 'wrapping': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_markup_integrity': {'type': 'object', 'properties': {'markdown': {'type': 'boolean'}, 'entities': {'type': 'boolean'}, 'values': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False}, 'params_whitespace_fidelity': {'type': 'object', 'properties': {'leading': {'type': 'boolean'}, 'trailing': {'type': 'boolean'}, 'line_breaks': {'type': 'boolean'}, 'allow_added': {'type': 'boolean'}, 'mode': {'enum': ['exact', 'lenient']}, 'cjk_spaces': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_literal_fidelity': {'type': 'object', 'properties': {'kinds': {'type': 'array', 'items': {'enum': ['url', 'email', 'path', 'option', 'code']}}, 'allow': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'localized_urls': {'type': 'boolean'}, 'allow_extra': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_punctuation_fidelity': {'type': 'object', 'properties': {'end': {'type': 'boolean'}, 'full_stop': {'enum': ['always', 'sentences', 'never']}, 'brackets': {'type': 'boolean'}, 'spacing': {'type': 'boolean'}, 'doubled': {'type': 'boolean'}, 'doubled_spaces': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_repetition': {'type': 'object', 'properties': {'words': {'type': 'boolean'}, 'min_repeats': {'type': 'integer', 'minimum': 2, 'maximum': 10}}, 'additionalProperties': False}, 'params_length_ratio': {'type': 'object', 'properties': {'min': {'type': 'number', 'minimum': 0}, 'max': {'type': 'number', 'minimum': 0}, 'min_source': {'type': 'integer', 'minimum': 0}, 'slack': {'type': 'number', 'minimum': 0}, 'expansion': {'type': 'number', 'exclusiveMinimum': 0}}, 'additionalProperties': False}, 'params_terminology': {'type': 'object', 'properties': {'entries': {'type': 'array', 'items': {'type': 'object', 'properties': {'source': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'targets': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'forbidden': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'case_sensitive': {'type': 'boolean'}, 'locales': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 35}, 'maxItems': 50}}, 'required': ['source'], 'additionalProperties': False}, 'minItems': 1, 'maxItems': 500}, 'case_sensitive': {'type': 'boolean'}, 'suffix': {'type': 'integer', 'minimum': 0, 'maximum': 10}, 'source_suffix': {'type': 'integer', 'minimum': 0, 'maximum': 10}, 'prefix': {'type': 'integer', 'minimum': 0, 'maximum': 5}, 'compounds': {'type': 'boolean'}}, 'required': ['entries'], 'additionalProperties': False}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['schema_version', 'id', 'source_locale', 'target_locale', 'domain', 'source', 'assertions', 'provenance']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/evalcase-v1.json', 'title': 'EvalCase v1', 'description': 'One evaluation case of the EvalCase v1 contract. Keys starting with x- are the extension point.', 'type': 'object', 'required': ['schema_version', 'id', 'source_locale', 'target_locale', 'domain', 'source', 'assertions', 'provenance'], 'properties': {'schema_version': {'type': 'integer', 'const': 1}, 'id': {'type': 'string', 'maxLength': 200, 'pattern': '^[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9][a-z0-9-]*)+$'}, 'source_locale': {'type': 'string', 'minLength': 1, 'maxLength': 64}, 'target_locale': {'type': 'string', 'minLength': 1, 'maxLength': 64}, 'domain': {'type': 'string', 'maxLength': 64, 'pattern': '^[a-z0-9][a-z0-9_-]*$'}, 'source': {'type': 'string'}, 'assertions': {'type': 'array', 'minItems': 1, 'items': {'type': 'object', 'required': ['name', 'severity'], 'properties': {'name': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'severity': {'enum': ['hard', 'report']}, 'params': {'type': 'object'}}, 'additionalProperties': False}}, 'provenance': {'type': 'object', 'required': ['kind', 'license'], 'properties': {'kind': {'enum': ['synthetic', 'public-domain', 'compatible-licensed', 'authorized-regression']}, 'license': {'type': 'string'}, 'source': {'type': 'string', 'minLength': 1}, 'transformation': {'type': 'string'}}, 'additionalProperties': False}, 'context': {'type': 'object', 'properties': {'max_chars': {'type': 'integer', 'minimum': 1}}}, 'required_tokens': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'references': {'type': 'array', 'items': {'type': 'string'}}, 'difficulty': {'enum': ['basic', 'intermediate', 'advanced']}, 'tags': {'type': 'array', 'items': {'type': 'string', 'pattern': '^[a-z0-9][a-z0-9._:/-]*$'}}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False, 'definitions': {'provenance': {'type': 'object', 'required': ['kind', 'license'], 'properties': {'kind': {'enum': ['synthetic', 'public-domain', 'compatible-licensed', 'authorized-regression']}, 'license': {'type': 'string'}, 'source': {'type': 'string', 'minLength': 1}, 'transformation': {'type': 'string'}}, 'additionalProperties': False}, 'assertion': {'type': 'object', 'required': ['name', 'severity'], 'properties': {'name': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'severity': {'enum': ['hard', 'report']}, 'params': {'type': 'object'}}, 'additionalProperties': False}, 'params_protocol_complete': {'type': 'object', 'required': ['expected_items'], 'properties': {'expected_items': {'type': 'integer', 'minimum': 1}, 'terminator': {'type': 'string', 'minLength': 1}, 'allow_extra_items': {'type': 'boolean'}, 'format': {'enum': ['numbered', 'json_array', 'delimited']}, 'marker': {'type': 'string', 'pattern': '\\{n\\}'}, 'delimiter': {'type': 'string', 'minLength': 1}}, 'additionalProperties': False}, 'params_placeholder_integrity': {'type': 'object', 'properties': {'syntax': {'enum': ['auto', 'printf', 'python', 'icu', 'custom']}, 'allow_reorder': {'type': 'boolean'}, 'style': {'enum': ['auto', 'percent', 'brace']}, 'tags': {'type': 'boolean'}, 'pattern': {'type': 'string', 'minLength': 1}, 'preset': {'enum': ['mustache', 'ruby', 'dollar', 'numbered-tags', 'xml']}, 'single_count': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_number_fidelity': {'type': 'object', 'properties': {'ignore': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False}, 'params_required_tokens': {'type': 'object', 'properties': {'tokens': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False}, 'params_forbidden_renderings': {'type': 'object', 'properties': {'patterns': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'regex': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'case_sensitive': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_max_chars': {'type': 'object', 'properties': {'max': {'type': 'integer', 'minimum': 1}, 'unit': {'enum': ['graphemes', 'codepoints', 'utf16', 'bytes', 'columns']}}, 'additionalProperties': False}, 'params_script_fidelity': {'type': 'object', 'properties': {'scripts': {'type': 'array', 'items': {'type': 'string', 'pattern': '^[A-Z][a-z]{3}$'}, 'minItems': 1, 'uniqueItems': True}, 'min_share': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'min_letters': {'type': 'integer', 'minimum': 1}, 'allow': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'source_terms': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_language_fidelity': {'type': 'object', 'properties': {'min_letters': {'type': 'integer', 'minimum': 1}, 'min_confidence': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'accept': {'type': 'array', 'items': {'type': 'string', 'pattern': '^[a-z]{2,3}$'}, 'uniqueItems': True}, 'close_languages': {'type': 'boolean'}, 'allow': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False}, 'params_untranslated': {'type': 'object', 'properties': {'allow': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'min_words': {'type': 'integer', 'minimum': 1}, 'min_copy_words': {'type': 'integer', 'minimum': 1}, 'copied_share': {'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}}, 'additionalProperties': False}, 'params_response_clean': {'type': 'object', 'properties': {'lead_ins': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'notes': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'markers': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'echo': {'type': 'boolean'}, 'wrapping': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_markup_integrity': {'type': 'object', 'properties': {'markdown': {'type': 'boolean'}, 'entities': {'type': 'boolean'}, 'values': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False}, 'params_whitespace_fidelity': {'type': 'object', 'properties': {'leading': {'type': 'boolean'}, 'trailing': {'type': 'boolean'}, 'line_breaks': {'type': 'boolean'}, 'allow_added': {'type': 'boolean'}, 'mode': {'enum': ['exact', 'lenient']}, 'cjk_spaces': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_literal_fidelity': {'type': 'object', 'properties': {'kinds': {'type': 'array', 'items': {'enum': ['url', 'email', 'path', 'option', 'code']}}, 'allow': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'localized_urls': {'type': 'boolean'}, 'allow_extra': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_punctuation_fidelity': {'type': 'object', 'properties': {'end': {'type': 'boolean'}, 'full_stop': {'enum': ['always', 'sentences', 'never']}, 'brackets': {'type': 'boolean'}, 'spacing': {'type': 'boolean'}, 'doubled': {'type': 'boolean'}, 'doubled_spaces': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_repetition': {'type': 'object', 'properties': {'words': {'type': 'boolean'}, 'min_repeats': {'type': 'integer', 'minimum': 2, 'maximum': 10}}, 'additionalProperties': False}, 'params_length_ratio': {'type': 'object', 'properties': {'min': {'type': 'number', 'minimum': 0}, 'max': {'type': 'number', 'minimum': 0}, 'min_source': {'type': 'integer', 'minimum': 0}, 'slack': {'type': 'number', 'minimum': 0}, 'expansion': {'type': 'number', 'exclusiveMinimum': 0}}, 'additionalProperties': False}, 'params_terminology': {'type': 'object', 'properties': {'entries': {'type': 'array', 'items': {'type': 'object', 'properties': {'source': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'targets': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'forbidden': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'case_sensitive': {'type': 'boolean'}, 'locales': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 35}, 'maxItems': 50}}, 'required': ['source'], 'additionalProperties': False}, 'minItems': 1, 'maxItems': 500}, 'case_sensitive': {'type': 'boolean'}, 'suffix': {'type': 'integer', 'minimum': 0, 'maximum': 10}, 'source_suffix': {'type': 'integer', 'minimum': 0, 'maximum': 10}, 'prefix': {'type': 'integer', 'minimum': 0, 'maximum': 5}, 'compounds': {'type': 'boolean'}}, 'required': ['entries'], 'additionalProperties': False}}}, rule='required')
        data_keys = set(data.keys())
        if "schema_version" in data_keys:
            data_keys.remove("schema_version")
            data__schemaversion = data["schema_version"]
            if not isinstance(data__schemaversion, (int)) or isinstance(data__schemaversion, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".schema_version must be integer", value=data__schemaversion, name="" + (name_prefix or "data") + ".schema_version", definition={'type': 'integer', 'const': 1}, rule='type')
            if not (isinstance(data__schemaversion, (int, float)) and not isinstance(data__schemaversion, bool) and data__schemaversion == 1):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".schema_version must be same as const definition: 1", value=data__schemaversion, name="" + (name_prefix or "data") + ".schema_version", definition={'type': 'integer', 'const': 1}, rule='const')
        if "id" in data_keys:
            data_keys.remove("id")
            data__id = data["id"]
            if not isinstance(data__id, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".id must be string", value=data__id, name="" + (name_prefix or "data") + ".id", definition={'type': 'string', 'maxLength': 200, 'pattern': '^[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9][a-z0-9-]*)+$'}, rule='type')
            if isinstance(data__id, str):
                data__id_len = len(data__id)
                if data__id_len > 200:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".id must be shorter than or equal to 200 characters", value=data__id, name="" + (name_prefix or "data") + ".id", definition={'type': 'string', 'maxLength': 200, 'pattern': '^[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9][a-z0-9-]*)+$'}, rule='maxLength')
                if not REGEX_PATTERNS_validate_record['^[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9][a-z0-9-]*)+$'].search(data__id):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".id must match pattern ^[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9][a-z0-9-]*)+$", value=data__id, name="" + (name_prefix or "data") + ".id", definition={'type': 'string', 'maxLength': 200, 'pattern': '^[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9][a-z0-9-]*)+$'}, rule='pattern')
        if "source_locale" in data_keys:
            data_keys.remove("source_locale")
            data__sourcelocale = data["source_locale"]
            if not isinstance(data__sourcelocale, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".source_locale must be string", value=data__sourcelocale, name="" + (name_prefix or "data") + ".source_locale", definition={'type': 'string', 'minLength': 1, 'maxLength': 64}, rule='type')
            if isinstance(data__sourcelocale, str):
                data__sourcelocale_len = len(data__sourcelocale)
                if data__sourcelocale_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".source_locale must be longer than or equal to 1 characters", value=data__sourcelocale, name="" + (name_prefix or "data") + ".source_locale", definition={'type': 'string', 'minLength': 1, 'maxLength': 64}, rule='minLength')
                if data__sourcelocale_len > 64:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".source_locale must be shorter than or equal to 64 characters", value=data__sourcelocale, name="" + (name_prefix or "data") + ".source_locale", definition={'type': 'string', 'minLength': 1, 'maxLength': 64}, rule='maxLength')
        if "target_locale" in data_keys:
            data_keys.remove("target_locale")
            data__targetlocale = data["target_locale"]
            if not isinstance(data__targetlocale, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".target_locale must be string", value=data__targetlocale, name="" + (name_prefix or "data") + ".target_locale", definition={'type': 'string', 'minLength': 1, 'maxLength': 64}, rule='type')
            if isinstance(data__targetlocale, str):
                data__targetlocale_len = len(data__targetlocale)
                if data__targetlocale_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".target_locale must be longer than or equal to 1 characters", value=data__targetlocale, name="" + (name_prefix or "data") + ".target_locale", definition={'type': 'string', 'minLength': 1, 'maxLength': 64}, rule='minLength')
                if data__targetlocale_len > 64:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".target_locale must be shorter than or equal to 64 characters", value=data__targetlocale, name="" + (name_prefix or "data") + ".target_locale", definition={'type': 'string', 'minLength': 1, 'maxLength': 64}, rule='maxLength')
        if "domain" in data_keys:
            data_keys.remove("domain")
            data__domain = data["domain"]
            if not isinstance(data__domain, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".domain must be string", value=data__domain, name="" + (name_prefix or "data") + ".domain", definition={'type': 'string', 'maxLength': 64, 'pattern': '^[a-z0-9][a-z0-9_-]*$'}, rule='type')
            if isinstance(data__domain, str):
                data__domain_len = len(data__domain)
                if data__domain_len > 64:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".domain must be shorter than or equal to 64 characters", value=data__domain, name="" + (name_prefix or "data") + ".domain", definition={'type': 'string', 'maxLength': 64, 'pattern': '^[a-z0-9][a-z0-9_-]*$'}, rule='maxLength')
                if not REGEX_PATTERNS_validate_record['^[a-z0-9][a-z0-9_-]*$'].search(data__domain):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".domain must match pattern ^[a-z0-9][a-z0-9_-]*$", value=data__domain, name="" + (name_prefix or "data") + ".domain", definition={'type': 'string', 'maxLength': 64, 'pattern': '^[a-z0-9][a-z0-9_-]*$'}, rule='pattern')
        if "source" in data_keys:
            data_keys.remove("source")
            data__source = data["source"]
            if not isinstance(data__source, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".source must be string", value=data__source, name="" + (name_prefix or "data") + ".source", definition={'type': 'string'}, rule='type')
        if "assertions" in data_keys:
            data_keys.remove("assertions")
            data__assertions = data["assertions"]
            if not isinstance(data__assertions, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".assertions must be array", value=data__assertions, name="" + (name_prefix or "data") + ".assertions", definition={'type': 'array', 'minItems': 1, 'items': {'type': 'object', 'required': ['name', 'severity'], 'properties': {'name': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'severity': {'enum': ['hard', 'report']}, 'params': {'type': 'object'}}, 'additionalProperties': False}}, rule='type')
            data__assertions_is_list = isinstance(data__assertions, (list, tuple))
            if data__assertions_is_list:
                data__assertions_len = len(data__assertions)
                if data__assertions_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".assertions must contain at least 1 items", value=data__assertions, name="" + (name_prefix or "data") + ".assertions", definition={'type': 'array', 'minItems': 1, 'items': {'type': 'object', 'required': ['name', 'severity'], 'properties': {'name': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'severity': {'enum': ['hard', 'report']}, 'params': {'type': 'object'}}, 'additionalProperties': False}}, rule='minItems')
                for data__assertions_x, data__assertions_item in enumerate(data__assertions):
                    validate_https___capeval_invalid_schemas_evalcase_v1_json__definitions_assertion(data__assertions_item, custom_formats, (name_prefix or "data") + f".assertions[{data__assertions_x}]")
        if "provenance" in data_keys:
            data_keys.remove("provenance")
            data__provenance = data["provenance"]
            validate_https___capeval_invalid_schemas_evalcase_v1_json__definitions_provenance(data__provenance, custom_formats, (name_prefix or "data") + ".provenance")
        if "context" in data_keys:
            data_keys.remove("context")
            data__context = data["context"]
            if not isinstance(data__context, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".context must be object", value=data__context, name="" + (name_prefix or "data") + ".context", definition={'type': 'object', 'properties': {'max_chars': {'type': 'integer', 'minimum': 1}}}, rule='type')
            data__context_is_dict = isinstance(data__context, dict)
            if data__context_is_dict:
                data__context_keys = set(data__context.keys())
                if "max_chars" in data__context_keys:
                    data__context_keys.remove("max_chars")
                    data__context__maxchars = data__context["max_chars"]
                    if not isinstance(data__context__maxchars, (int)) or isinstance(data__context__maxchars, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".context.max_chars must be integer", value=data__context__maxchars, name="" + (name_prefix or "data") + ".context.max_chars", definition={'type': 'integer', 'minimum': 1}, rule='type')
                    if isinstance(data__context__maxchars, (int, float, Decimal)) and not isinstance(data__context__maxchars, bool):
                        if data__context__maxchars < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".context.max_chars must be bigger than or equal to 1", value=data__context__maxchars, name="" + (name_prefix or "data") + ".context.max_chars", definition={'type': 'integer', 'minimum': 1}, rule='minimum')
        if "required_tokens" in data_keys:
            data_keys.remove("required_tokens")
            data__requiredtokens = data["required_tokens"]
            if not isinstance(data__requiredtokens, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".required_tokens must be array", value=data__requiredtokens, name="" + (name_prefix or "data") + ".required_tokens", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__requiredtokens_is_list = isinstance(data__requiredtokens, (list, tuple))
            if data__requiredtokens_is_list:
                data__requiredtokens_len = len(data__requiredtokens)
                for data__requiredtokens_x, data__requiredtokens_item in enumerate(data__requiredtokens):
                    if not isinstance(data__requiredtokens_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".required_tokens[{data__requiredtokens_x}]" + " must be string", value=data__requiredtokens_item, name="" + (name_prefix or "data") + f".required_tokens[{data__requiredtokens_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__requiredtokens_item, str):
                        data__requiredtokens_item_len = len(data__requiredtokens_item)
                        if data__requiredtokens_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".required_tokens[{data__requiredtokens_x}]" + " must be longer than or equal to 1 characters", value=data__requiredtokens_item, name="" + (name_prefix or "data") + f".required_tokens[{data__requiredtokens_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "references" in data_keys:
            data_keys.remove("references")
            data__references = data["references"]
            if not isinstance(data__references, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".references must be array", value=data__references, name="" + (name_prefix or "data") + ".references", definition={'type': 'array', 'items': {'type': 'string'}}, rule='type')
            data__references_is_list = isinstance(data__references, (list, tuple))
            if data__references_is_list:
                data__references_len = len(data__references)
                for data__references_x, data__references_item in enumerate(data__references):
                    if not isinstance(data__references_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".references[{data__references_x}]" + " must be string", value=data__references_item, name="" + (name_prefix or "data") + f".references[{data__references_x}]" + "", definition={'type': 'string'}, rule='type')
        if "difficulty" in data_keys:
            data_keys.remove("difficulty")
            data__difficulty = data["difficulty"]
            if not (isinstance(data__difficulty, str) and data__difficulty == 'basic' or isinstance(data__difficulty, str) and data__difficulty == 'intermediate' or isinstance(data__difficulty, str) and data__difficulty == 'advanced'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".difficulty must be one of ['basic', 'intermediate', 'advanced']", value=data__difficulty, name="" + (name_prefix or "data") + ".difficulty", definition={'enum': ['basic', 'intermediate', 'advanced']}, rule='enum')
        if "tags" in data_keys:
            data_keys.remove("tags")
            data__tags = data["tags"]
            if not isinstance(data__tags, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".tags must be array", value=data__tags, name="" + (name_prefix or "data") + ".tags", definition={'type': 'array', 'items': {'type': 'string', 'pattern': '^[a-z0-9][a-z0-9._:/-]*$'}}, rule='type')
            data__tags_is_list = isinstance(data__tags, (list, tuple))
            if data__tags_is_list:
                data__tags_len = len(data__tags)
                for data__tags_x, data__tags_item in enumerate(data__tags):
                    if not isinstance(data__tags_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".tags[{data__tags_x}]" + " must be string", value=data__tags_item, name="" + (name_prefix or "data") + f".tags[{data__tags_x}]" + "", definition={'type': 'string', 'pattern': '^[a-z0-9][a-z0-9._:/-]*$'}, rule='type')
                    if isinstance(data__tags_item, str):
                        if not REGEX_PATTERNS_validate_record['^[a-z0-9][a-z0-9._:/-]*$'].search(data__tags_item):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".tags[{data__tags_x}]" + " must match pattern ^[a-z0-9][a-z0-9._:/-]*$", value=data__tags_item, name="" + (name_prefix or "data") + f".tags[{data__tags_x}]" + "", definition={'type': 'string', 'pattern': '^[a-z0-9][a-z0-9._:/-]*$'}, rule='pattern')
        for data_key, data_val in data.items():
            if data_key.startswith('x-'):
                if data_key in data_keys:
                    data_keys.remove(data_key)
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/evalcase-v1.json', 'title': 'EvalCase v1', 'description': 'One evaluation case of the EvalCase v1 contract. Keys starting with x- are the extension point.', 'type': 'object', 'required': ['schema_version', 'id', 'source_locale', 'target_locale', 'domain', 'source', 'assertions', 'provenance'], 'properties': {'schema_version': {'type': 'integer', 'const': 1}, 'id': {'type': 'string', 'maxLength': 200, 'pattern': '^[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9][a-z0-9-]*)+$'}, 'source_locale': {'type': 'string', 'minLength': 1, 'maxLength': 64}, 'target_locale': {'type': 'string', 'minLength': 1, 'maxLength': 64}, 'domain': {'type': 'string', 'maxLength': 64, 'pattern': '^[a-z0-9][a-z0-9_-]*$'}, 'source': {'type': 'string'}, 'assertions': {'type': 'array', 'minItems': 1, 'items': {'type': 'object', 'required': ['name', 'severity'], 'properties': {'name': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'severity': {'enum': ['hard', 'report']}, 'params': {'type': 'object'}}, 'additionalProperties': False}}, 'provenance': {'type': 'object', 'required': ['kind', 'license'], 'properties': {'kind': {'enum': ['synthetic', 'public-domain', 'compatible-licensed', 'authorized-regression']}, 'license': {'type': 'string'}, 'source': {'type': 'string', 'minLength': 1}, 'transformation': {'type': 'string'}}, 'additionalProperties': False}, 'context': {'type': 'object', 'properties': {'max_chars': {'type': 'integer', 'minimum': 1}}}, 'required_tokens': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'references': {'type': 'array', 'items': {'type': 'string'}}, 'difficulty': {'enum': ['basic', 'intermediate', 'advanced']}, 'tags': {'type': 'array', 'items': {'type': 'string', 'pattern': '^[a-z0-9][a-z0-9._:/-]*$'}}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False, 'definitions': {'provenance': {'type': 'object', 'required': ['kind', 'license'], 'properties': {'kind': {'enum': ['synthetic', 'public-domain', 'compatible-licensed', 'authorized-regression']}, 'license': {'type': 'string'}, 'source': {'type': 'string', 'minLength': 1}, 'transformation': {'type': 'string'}}, 'additionalProperties': False}, 'assertion': {'type': 'object', 'required': ['name', 'severity'], 'properties': {'name': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'severity': {'enum': ['hard', 'report']}, 'params': {'type': 'object'}}, 'additionalProperties': False}, 'params_protocol_complete': {'type': 'object', 'required': ['expected_items'], 'properties': {'expected_items': {'type': 'integer', 'minimum': 1}, 'terminator': {'type': 'string', 'minLength': 1}, 'allow_extra_items': {'type': 'boolean'}, 'format': {'enum': ['numbered', 'json_array', 'delimited']}, 'marker': {'type': 'string', 'pattern': '\\{n\\}'}, 'delimiter': {'type': 'string', 'minLength': 1}}, 'additionalProperties': False}, 'params_placeholder_integrity': {'type': 'object', 'properties': {'syntax': {'enum': ['auto', 'printf', 'python', 'icu', 'custom']}, 'allow_reorder': {'type': 'boolean'}, 'style': {'enum': ['auto', 'percent', 'brace']}, 'tags': {'type': 'boolean'}, 'pattern': {'type': 'string', 'minLength': 1}, 'preset': {'enum': ['mustache', 'ruby', 'dollar', 'numbered-tags', 'xml']}, 'single_count': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_number_fidelity': {'type': 'object', 'properties': {'ignore': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False}, 'params_required_tokens': {'type': 'object', 'properties': {'tokens': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False}, 'params_forbidden_renderings': {'type': 'object', 'properties': {'patterns': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'regex': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'case_sensitive': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_max_chars': {'type': 'object', 'properties': {'max': {'type': 'integer', 'minimum': 1}, 'unit': {'enum': ['graphemes', 'codepoints', 'utf16', 'bytes', 'columns']}}, 'additionalProperties': False}, 'params_script_fidelity': {'type': 'object', 'properties': {'scripts': {'type': 'array', 'items': {'type': 'string', 'pattern': '^[A-Z][a-z]{3}$'}, 'minItems': 1, 'uniqueItems': True}, 'min_share': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'min_letters': {'type': 'integer', 'minimum': 1}, 'allow': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'source_terms': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_language_fidelity': {'type': 'object', 'properties': {'min_letters': {'type': 'integer', 'minimum': 1}, 'min_confidence': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'accept': {'type': 'array', 'items': {'type': 'string', 'pattern': '^[a-z]{2,3}$'}, 'uniqueItems': True}, 'close_languages': {'type': 'boolean'}, 'allow': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False}, 'params_untranslated': {'type': 'object', 'properties': {'allow': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'min_words': {'type': 'integer', 'minimum': 1}, 'min_copy_words': {'type': 'integer', 'minimum': 1}, 'copied_share': {'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}}, 'additionalProperties': False}, 'params_response_clean': {'type': 'object', 'properties': {'lead_ins': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'notes': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'markers': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'echo': {'type': 'boolean'}, 'wrapping': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_markup_integrity': {'type': 'object', 'properties': {'markdown': {'type': 'boolean'}, 'entities': {'type': 'boolean'}, 'values': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False}, 'params_whitespace_fidelity': {'type': 'object', 'properties': {'leading': {'type': 'boolean'}, 'trailing': {'type': 'boolean'}, 'line_breaks': {'type': 'boolean'}, 'allow_added': {'type': 'boolean'}, 'mode': {'enum': ['exact', 'lenient']}, 'cjk_spaces': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_literal_fidelity': {'type': 'object', 'properties': {'kinds': {'type': 'array', 'items': {'enum': ['url', 'email', 'path', 'option', 'code']}}, 'allow': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'localized_urls': {'type': 'boolean'}, 'allow_extra': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_punctuation_fidelity': {'type': 'object', 'properties': {'end': {'type': 'boolean'}, 'full_stop': {'enum': ['always', 'sentences', 'never']}, 'brackets': {'type': 'boolean'}, 'spacing': {'type': 'boolean'}, 'doubled': {'type': 'boolean'}, 'doubled_spaces': {'type': 'boolean'}}, 'additionalProperties': False}, 'params_repetition': {'type': 'object', 'properties': {'words': {'type': 'boolean'}, 'min_repeats': {'type': 'integer', 'minimum': 2, 'maximum': 10}}, 'additionalProperties': False}, 'params_length_ratio': {'type': 'object', 'properties': {'min': {'type': 'number', 'minimum': 0}, 'max': {'type': 'number', 'minimum': 0}, 'min_source': {'type': 'integer', 'minimum': 0}, 'slack': {'type': 'number', 'minimum': 0}, 'expansion': {'type': 'number', 'exclusiveMinimum': 0}}, 'additionalProperties': False}, 'params_terminology': {'type': 'object', 'properties': {'entries': {'type': 'array', 'items': {'type': 'object', 'properties': {'source': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'targets': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'forbidden': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'case_sensitive': {'type': 'boolean'}, 'locales': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 35}, 'maxItems': 50}}, 'required': ['source'], 'additionalProperties': False}, 'minItems': 1, 'maxItems': 500}, 'case_sensitive': {'type': 'boolean'}, 'suffix': {'type': 'integer', 'minimum': 0, 'maximum': 10}, 'source_suffix': {'type': 'integer', 'minimum': 0, 'maximum': 10}, 'prefix': {'type': 'integer', 'minimum': 0, 'maximum': 5}, 'compounds': {'type': 'boolean'}}, 'required': ['entries'], 'additionalProperties': False}}}, rule='additionalProperties')
    return data

def validate_https___capeval_invalid_schemas_evalcase_v1_json__definitions_provenance(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['kind', 'license'], 'properties': {'kind': {'enum': ['synthetic', 'public-domain', 'compatible-licensed', 'authorized-regression']}, 'license': {'type': 'string'}, 'source': {'type': 'string', 'minLength': 1}, 'transformation': {'type': 'string'}}, 'additionalProperties': False}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['kind', 'license']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['kind', 'license'], 'properties': {'kind': {'enum': ['synthetic', 'public-domain', 'compatible-licensed', 'authorized-regression']}, 'license': {'type': 'string'}, 'source': {'type': 'string', 'minLength': 1}, 'transformation': {'type': 'string'}}, 'additionalProperties': False}, rule='required')
        data_keys = set(data.keys())
        if "kind" in data_keys:
            data_keys.remove("kind")
            data__kind = data["kind"]
            if not (isinstance(data__kind, str) and data__kind == 'synthetic' or isinstance(data__kind, str) and data__kind == 'public-domain' or isinstance(data__kind, str) and data__kind == 'compatible-licensed' or isinstance(data__kind, str) and data__kind == 'authorized-regression'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".kind must be one of ['synthetic', 'public-domain', 'compatible-licensed', 'authorized-regression']", value=data__kind, name="" + (name_prefix or "data") + ".kind", definition={'enum': ['synthetic', 'public-domain', 'compatible-licensed', 'authorized-regression']}, rule='enum')
        if "license" in data_keys:
            data_keys.remove("license")
            data__license = data["license"]
            if not isinstance(data__license, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".license must be string", value=data__license, name="" + (name_prefix or "data") + ".license", definition={'type': 'string'}, rule='type')
        if "source" in data_keys:
            data_keys.remove("source")
            data__source = data["source"]
            if not isinstance(data__source, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".source must be string", value=data__source, name="" + (name_prefix or "data") + ".source", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__source, str):
                data__source_len = len(data__source)
                if data__source_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".source must be longer than or equal to 1 characters", value=data__source, name="" + (name_prefix or "data") + ".source", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "transformation" in data_keys:
            data_keys.remove("transformation")
            data__transformation = data["transformation"]
            if not isinstance(data__transformation, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".transformation must be string", value=data__transformation, name="" + (name_prefix or "data") + ".transformation", definition={'type': 'string'}, rule='type')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['kind', 'license'], 'properties': {'kind': {'enum': ['synthetic', 'public-domain', 'compatible-licensed', 'authorized-regression']}, 'license': {'type': 'string'}, 'source': {'type': 'string', 'minLength': 1}, 'transformation': {'type': 'string'}}, 'additionalProperties': False}, rule='additionalProperties')
    return data

def validate_https___capeval_invalid_schemas_evalcase_v1_json__definitions_assertion(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['name', 'severity'], 'properties': {'name': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'severity': {'enum': ['hard', 'report']}, 'params': {'type': 'object'}}, 'additionalProperties': False}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['name', 'severity']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['name', 'severity'], 'properties': {'name': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'severity': {'enum': ['hard', 'report']}, 'params': {'type': 'object'}}, 'additionalProperties': False}, rule='required')
        data_keys = set(data.keys())
        if "name" in data_keys:
            data_keys.remove("name")
            data__name = data["name"]
            if not isinstance(data__name, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".name must be string", value=data__name, name="" + (name_prefix or "data") + ".name", definition={'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, rule='type')
            if isinstance(data__name, str):
                if not REGEX_PATTERNS_validate_record['^[a-z][a-z0-9_]*$'].search(data__name):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".name must match pattern ^[a-z][a-z0-9_]*$", value=data__name, name="" + (name_prefix or "data") + ".name", definition={'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, rule='pattern')
        if "severity" in data_keys:
            data_keys.remove("severity")
            data__severity = data["severity"]
            if not (isinstance(data__severity, str) and data__severity == 'hard' or isinstance(data__severity, str) and data__severity == 'report'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".severity must be one of ['hard', 'report']", value=data__severity, name="" + (name_prefix or "data") + ".severity", definition={'enum': ['hard', 'report']}, rule='enum')
        if "params" in data_keys:
            data_keys.remove("params")
            data__params = data["params"]
            if not isinstance(data__params, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".params must be object", value=data__params, name="" + (name_prefix or "data") + ".params", definition={'type': 'object'}, rule='type')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['name', 'severity'], 'properties': {'name': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'severity': {'enum': ['hard', 'report']}, 'params': {'type': 'object'}}, 'additionalProperties': False}, rule='additionalProperties')
    return data

validate_record = validate_https___capeval_invalid_schemas_evalcase_v1_json

VERSION = "2.22.3"


NoneType = type(None)

def validate_urn_capeval_validate_params_forbidden_renderings(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'patterns': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'regex': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'case_sensitive': {'type': 'boolean'}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_forbidden_renderings'}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "patterns" in data_keys:
            data_keys.remove("patterns")
            data__patterns = data["patterns"]
            if not isinstance(data__patterns, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".patterns must be array", value=data__patterns, name="" + (name_prefix or "data") + ".patterns", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__patterns_is_list = isinstance(data__patterns, (list, tuple))
            if data__patterns_is_list:
                data__patterns_len = len(data__patterns)
                for data__patterns_x, data__patterns_item in enumerate(data__patterns):
                    if not isinstance(data__patterns_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".patterns[{data__patterns_x}]" + " must be string", value=data__patterns_item, name="" + (name_prefix or "data") + f".patterns[{data__patterns_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__patterns_item, str):
                        data__patterns_item_len = len(data__patterns_item)
                        if data__patterns_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".patterns[{data__patterns_x}]" + " must be longer than or equal to 1 characters", value=data__patterns_item, name="" + (name_prefix or "data") + f".patterns[{data__patterns_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "regex" in data_keys:
            data_keys.remove("regex")
            data__regex = data["regex"]
            if not isinstance(data__regex, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".regex must be array", value=data__regex, name="" + (name_prefix or "data") + ".regex", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__regex_is_list = isinstance(data__regex, (list, tuple))
            if data__regex_is_list:
                data__regex_len = len(data__regex)
                for data__regex_x, data__regex_item in enumerate(data__regex):
                    if not isinstance(data__regex_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".regex[{data__regex_x}]" + " must be string", value=data__regex_item, name="" + (name_prefix or "data") + f".regex[{data__regex_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__regex_item, str):
                        data__regex_item_len = len(data__regex_item)
                        if data__regex_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".regex[{data__regex_x}]" + " must be longer than or equal to 1 characters", value=data__regex_item, name="" + (name_prefix or "data") + f".regex[{data__regex_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "case_sensitive" in data_keys:
            data_keys.remove("case_sensitive")
            data__casesensitive = data["case_sensitive"]
            if not isinstance(data__casesensitive, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".case_sensitive must be boolean", value=data__casesensitive, name="" + (name_prefix or "data") + ".case_sensitive", definition={'type': 'boolean'}, rule='type')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'patterns': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'regex': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'case_sensitive': {'type': 'boolean'}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_forbidden_renderings'}, rule='additionalProperties')
    return data

validate_params_forbidden_renderings = validate_urn_capeval_validate_params_forbidden_renderings

VERSION = "2.22.3"
from decimal import Decimal
import re


REGEX_PATTERNS_validate_params_language_fidelity = {
    '^[a-z]{2,3}$': re.compile('^[a-z]{2,3}\\Z')
}

NoneType = type(None)

def validate_urn_capeval_validate_params_language_fidelity(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'min_letters': {'type': 'integer', 'minimum': 1}, 'min_confidence': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'accept': {'type': 'array', 'items': {'type': 'string', 'pattern': '^[a-z]{2,3}$'}, 'uniqueItems': True}, 'close_languages': {'type': 'boolean'}, 'allow': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_language_fidelity'}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "min_letters" in data_keys:
            data_keys.remove("min_letters")
            data__minletters = data["min_letters"]
            if not isinstance(data__minletters, (int)) or isinstance(data__minletters, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".min_letters must be integer", value=data__minletters, name="" + (name_prefix or "data") + ".min_letters", definition={'type': 'integer', 'minimum': 1}, rule='type')
            if isinstance(data__minletters, (int, float, Decimal)) and not isinstance(data__minletters, bool):
                if data__minletters < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".min_letters must be bigger than or equal to 1", value=data__minletters, name="" + (name_prefix or "data") + ".min_letters", definition={'type': 'integer', 'minimum': 1}, rule='minimum')
        if "min_confidence" in data_keys:
            data_keys.remove("min_confidence")
            data__minconfidence = data["min_confidence"]
            if not isinstance(data__minconfidence, (int, float, Decimal)) or isinstance(data__minconfidence, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".min_confidence must be number", value=data__minconfidence, name="" + (name_prefix or "data") + ".min_confidence", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='type')
            if isinstance(data__minconfidence, (int, float, Decimal)) and not isinstance(data__minconfidence, bool):
                if data__minconfidence < 0:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".min_confidence must be bigger than or equal to 0", value=data__minconfidence, name="" + (name_prefix or "data") + ".min_confidence", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='minimum')
                if data__minconfidence > 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".min_confidence must be smaller than or equal to 1", value=data__minconfidence, name="" + (name_prefix or "data") + ".min_confidence", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='maximum')
        if "accept" in data_keys:
            data_keys.remove("accept")
            data__accept = data["accept"]
            if not isinstance(data__accept, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".accept must be array", value=data__accept, name="" + (name_prefix or "data") + ".accept", definition={'type': 'array', 'items': {'type': 'string', 'pattern': '^[a-z]{2,3}$'}, 'uniqueItems': True}, rule='type')
            data__accept_is_list = isinstance(data__accept, (list, tuple))
            if data__accept_is_list:
                def fn(var): return frozenset(dict((k, fn(v)) for k, v in var.items()).items()) if hasattr(var, "items") else tuple(fn(v) for v in var) if isinstance(var, (dict, list)) else (bool, var) if isinstance(var, bool) else var
                data__accept_len = len(data__accept)
                if data__accept_len > len(set(fn(data__accept_x) for data__accept_x in data__accept)):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".accept must contain unique items", value=data__accept, name="" + (name_prefix or "data") + ".accept", definition={'type': 'array', 'items': {'type': 'string', 'pattern': '^[a-z]{2,3}$'}, 'uniqueItems': True}, rule='uniqueItems')
                for data__accept_x, data__accept_item in enumerate(data__accept):
                    if not isinstance(data__accept_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".accept[{data__accept_x}]" + " must be string", value=data__accept_item, name="" + (name_prefix or "data") + f".accept[{data__accept_x}]" + "", definition={'type': 'string', 'pattern': '^[a-z]{2,3}$'}, rule='type')
                    if isinstance(data__accept_item, str):
                        if not REGEX_PATTERNS_validate_params_language_fidelity['^[a-z]{2,3}$'].search(data__accept_item):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".accept[{data__accept_x}]" + " must match pattern ^[a-z]{2,3}$", value=data__accept_item, name="" + (name_prefix or "data") + f".accept[{data__accept_x}]" + "", definition={'type': 'string', 'pattern': '^[a-z]{2,3}$'}, rule='pattern')
        if "close_languages" in data_keys:
            data_keys.remove("close_languages")
            data__closelanguages = data["close_languages"]
            if not isinstance(data__closelanguages, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".close_languages must be boolean", value=data__closelanguages, name="" + (name_prefix or "data") + ".close_languages", definition={'type': 'boolean'}, rule='type')
        if "allow" in data_keys:
            data_keys.remove("allow")
            data__allow = data["allow"]
            if not isinstance(data__allow, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".allow must be array", value=data__allow, name="" + (name_prefix or "data") + ".allow", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__allow_is_list = isinstance(data__allow, (list, tuple))
            if data__allow_is_list:
                data__allow_len = len(data__allow)
                for data__allow_x, data__allow_item in enumerate(data__allow):
                    if not isinstance(data__allow_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".allow[{data__allow_x}]" + " must be string", value=data__allow_item, name="" + (name_prefix or "data") + f".allow[{data__allow_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__allow_item, str):
                        data__allow_item_len = len(data__allow_item)
                        if data__allow_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".allow[{data__allow_x}]" + " must be longer than or equal to 1 characters", value=data__allow_item, name="" + (name_prefix or "data") + f".allow[{data__allow_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'min_letters': {'type': 'integer', 'minimum': 1}, 'min_confidence': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'accept': {'type': 'array', 'items': {'type': 'string', 'pattern': '^[a-z]{2,3}$'}, 'uniqueItems': True}, 'close_languages': {'type': 'boolean'}, 'allow': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_language_fidelity'}, rule='additionalProperties')
    return data

validate_params_language_fidelity = validate_urn_capeval_validate_params_language_fidelity

VERSION = "2.22.3"
from decimal import Decimal


NoneType = type(None)

def validate_urn_capeval_validate_params_length_ratio(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'min': {'type': 'number', 'minimum': 0}, 'max': {'type': 'number', 'minimum': 0}, 'min_source': {'type': 'integer', 'minimum': 0}, 'slack': {'type': 'number', 'minimum': 0}, 'expansion': {'type': 'number', 'exclusiveMinimum': 0}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_length_ratio'}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "min" in data_keys:
            data_keys.remove("min")
            data__min = data["min"]
            if not isinstance(data__min, (int, float, Decimal)) or isinstance(data__min, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".min must be number", value=data__min, name="" + (name_prefix or "data") + ".min", definition={'type': 'number', 'minimum': 0}, rule='type')
            if isinstance(data__min, (int, float, Decimal)) and not isinstance(data__min, bool):
                if data__min < 0:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".min must be bigger than or equal to 0", value=data__min, name="" + (name_prefix or "data") + ".min", definition={'type': 'number', 'minimum': 0}, rule='minimum')
        if "max" in data_keys:
            data_keys.remove("max")
            data__max = data["max"]
            if not isinstance(data__max, (int, float, Decimal)) or isinstance(data__max, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".max must be number", value=data__max, name="" + (name_prefix or "data") + ".max", definition={'type': 'number', 'minimum': 0}, rule='type')
            if isinstance(data__max, (int, float, Decimal)) and not isinstance(data__max, bool):
                if data__max < 0:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".max must be bigger than or equal to 0", value=data__max, name="" + (name_prefix or "data") + ".max", definition={'type': 'number', 'minimum': 0}, rule='minimum')
        if "min_source" in data_keys:
            data_keys.remove("min_source")
            data__minsource = data["min_source"]
            if not isinstance(data__minsource, (int)) or isinstance(data__minsource, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".min_source must be integer", value=data__minsource, name="" + (name_prefix or "data") + ".min_source", definition={'type': 'integer', 'minimum': 0}, rule='type')
            if isinstance(data__minsource, (int, float, Decimal)) and not isinstance(data__minsource, bool):
                if data__minsource < 0:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".min_source must be bigger than or equal to 0", value=data__minsource, name="" + (name_prefix or "data") + ".min_source", definition={'type': 'integer', 'minimum': 0}, rule='minimum')
        if "slack" in data_keys:
            data_keys.remove("slack")
            data__slack = data["slack"]
            if not isinstance(data__slack, (int, float, Decimal)) or isinstance(data__slack, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".slack must be number", value=data__slack, name="" + (name_prefix or "data") + ".slack", definition={'type': 'number', 'minimum': 0}, rule='type')
            if isinstance(data__slack, (int, float, Decimal)) and not isinstance(data__slack, bool):
                if data__slack < 0:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".slack must be bigger than or equal to 0", value=data__slack, name="" + (name_prefix or "data") + ".slack", definition={'type': 'number', 'minimum': 0}, rule='minimum')
        if "expansion" in data_keys:
            data_keys.remove("expansion")
            data__expansion = data["expansion"]
            if not isinstance(data__expansion, (int, float, Decimal)) or isinstance(data__expansion, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".expansion must be number", value=data__expansion, name="" + (name_prefix or "data") + ".expansion", definition={'type': 'number', 'exclusiveMinimum': 0}, rule='type')
            if isinstance(data__expansion, (int, float, Decimal)) and not isinstance(data__expansion, bool):
                if data__expansion <= 0:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".expansion must be bigger than 0", value=data__expansion, name="" + (name_prefix or "data") + ".expansion", definition={'type': 'number', 'exclusiveMinimum': 0}, rule='exclusiveMinimum')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'min': {'type': 'number', 'minimum': 0}, 'max': {'type': 'number', 'minimum': 0}, 'min_source': {'type': 'integer', 'minimum': 0}, 'slack': {'type': 'number', 'minimum': 0}, 'expansion': {'type': 'number', 'exclusiveMinimum': 0}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_length_ratio'}, rule='additionalProperties')
    return data

validate_params_length_ratio = validate_urn_capeval_validate_params_length_ratio

VERSION = "2.22.3"


NoneType = type(None)

def validate_urn_capeval_validate_params_literal_fidelity(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'kinds': {'type': 'array', 'items': {'enum': ['url', 'email', 'path', 'option', 'code']}}, 'allow': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'localized_urls': {'type': 'boolean'}, 'allow_extra': {'type': 'boolean'}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_literal_fidelity'}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "kinds" in data_keys:
            data_keys.remove("kinds")
            data__kinds = data["kinds"]
            if not isinstance(data__kinds, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".kinds must be array", value=data__kinds, name="" + (name_prefix or "data") + ".kinds", definition={'type': 'array', 'items': {'enum': ['url', 'email', 'path', 'option', 'code']}}, rule='type')
            data__kinds_is_list = isinstance(data__kinds, (list, tuple))
            if data__kinds_is_list:
                data__kinds_len = len(data__kinds)
                for data__kinds_x, data__kinds_item in enumerate(data__kinds):
                    if not (isinstance(data__kinds_item, str) and data__kinds_item == 'url' or isinstance(data__kinds_item, str) and data__kinds_item == 'email' or isinstance(data__kinds_item, str) and data__kinds_item == 'path' or isinstance(data__kinds_item, str) and data__kinds_item == 'option' or isinstance(data__kinds_item, str) and data__kinds_item == 'code'):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".kinds[{data__kinds_x}]" + " must be one of ['url', 'email', 'path', 'option', 'code']", value=data__kinds_item, name="" + (name_prefix or "data") + f".kinds[{data__kinds_x}]" + "", definition={'enum': ['url', 'email', 'path', 'option', 'code']}, rule='enum')
        if "allow" in data_keys:
            data_keys.remove("allow")
            data__allow = data["allow"]
            if not isinstance(data__allow, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".allow must be array", value=data__allow, name="" + (name_prefix or "data") + ".allow", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__allow_is_list = isinstance(data__allow, (list, tuple))
            if data__allow_is_list:
                data__allow_len = len(data__allow)
                for data__allow_x, data__allow_item in enumerate(data__allow):
                    if not isinstance(data__allow_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".allow[{data__allow_x}]" + " must be string", value=data__allow_item, name="" + (name_prefix or "data") + f".allow[{data__allow_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__allow_item, str):
                        data__allow_item_len = len(data__allow_item)
                        if data__allow_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".allow[{data__allow_x}]" + " must be longer than or equal to 1 characters", value=data__allow_item, name="" + (name_prefix or "data") + f".allow[{data__allow_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "localized_urls" in data_keys:
            data_keys.remove("localized_urls")
            data__localizedurls = data["localized_urls"]
            if not isinstance(data__localizedurls, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".localized_urls must be boolean", value=data__localizedurls, name="" + (name_prefix or "data") + ".localized_urls", definition={'type': 'boolean'}, rule='type')
        if "allow_extra" in data_keys:
            data_keys.remove("allow_extra")
            data__allowextra = data["allow_extra"]
            if not isinstance(data__allowextra, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".allow_extra must be boolean", value=data__allowextra, name="" + (name_prefix or "data") + ".allow_extra", definition={'type': 'boolean'}, rule='type')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'kinds': {'type': 'array', 'items': {'enum': ['url', 'email', 'path', 'option', 'code']}}, 'allow': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'localized_urls': {'type': 'boolean'}, 'allow_extra': {'type': 'boolean'}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_literal_fidelity'}, rule='additionalProperties')
    return data

validate_params_literal_fidelity = validate_urn_capeval_validate_params_literal_fidelity

VERSION = "2.22.3"


NoneType = type(None)

def validate_urn_capeval_validate_params_markup_integrity(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'markdown': {'type': 'boolean'}, 'entities': {'type': 'boolean'}, 'values': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_markup_integrity'}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "markdown" in data_keys:
            data_keys.remove("markdown")
            data__markdown = data["markdown"]
            if not isinstance(data__markdown, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".markdown must be boolean", value=data__markdown, name="" + (name_prefix or "data") + ".markdown", definition={'type': 'boolean'}, rule='type')
        if "entities" in data_keys:
            data_keys.remove("entities")
            data__entities = data["entities"]
            if not isinstance(data__entities, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".entities must be boolean", value=data__entities, name="" + (name_prefix or "data") + ".entities", definition={'type': 'boolean'}, rule='type')
        if "values" in data_keys:
            data_keys.remove("values")
            data__values = data["values"]
            if not isinstance(data__values, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".values must be array", value=data__values, name="" + (name_prefix or "data") + ".values", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__values_is_list = isinstance(data__values, (list, tuple))
            if data__values_is_list:
                data__values_len = len(data__values)
                for data__values_x, data__values_item in enumerate(data__values):
                    if not isinstance(data__values_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".values[{data__values_x}]" + " must be string", value=data__values_item, name="" + (name_prefix or "data") + f".values[{data__values_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__values_item, str):
                        data__values_item_len = len(data__values_item)
                        if data__values_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".values[{data__values_x}]" + " must be longer than or equal to 1 characters", value=data__values_item, name="" + (name_prefix or "data") + f".values[{data__values_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'markdown': {'type': 'boolean'}, 'entities': {'type': 'boolean'}, 'values': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_markup_integrity'}, rule='additionalProperties')
    return data

validate_params_markup_integrity = validate_urn_capeval_validate_params_markup_integrity

VERSION = "2.22.3"
from decimal import Decimal


NoneType = type(None)

def validate_urn_capeval_validate_params_max_chars(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'max': {'type': 'integer', 'minimum': 1}, 'unit': {'enum': ['graphemes', 'codepoints', 'utf16', 'bytes', 'columns']}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_max_chars'}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "max" in data_keys:
            data_keys.remove("max")
            data__max = data["max"]
            if not isinstance(data__max, (int)) or isinstance(data__max, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".max must be integer", value=data__max, name="" + (name_prefix or "data") + ".max", definition={'type': 'integer', 'minimum': 1}, rule='type')
            if isinstance(data__max, (int, float, Decimal)) and not isinstance(data__max, bool):
                if data__max < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".max must be bigger than or equal to 1", value=data__max, name="" + (name_prefix or "data") + ".max", definition={'type': 'integer', 'minimum': 1}, rule='minimum')
        if "unit" in data_keys:
            data_keys.remove("unit")
            data__unit = data["unit"]
            if not (isinstance(data__unit, str) and data__unit == 'graphemes' or isinstance(data__unit, str) and data__unit == 'codepoints' or isinstance(data__unit, str) and data__unit == 'utf16' or isinstance(data__unit, str) and data__unit == 'bytes' or isinstance(data__unit, str) and data__unit == 'columns'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".unit must be one of ['graphemes', 'codepoints', 'utf16', 'bytes', 'columns']", value=data__unit, name="" + (name_prefix or "data") + ".unit", definition={'enum': ['graphemes', 'codepoints', 'utf16', 'bytes', 'columns']}, rule='enum')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'max': {'type': 'integer', 'minimum': 1}, 'unit': {'enum': ['graphemes', 'codepoints', 'utf16', 'bytes', 'columns']}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_max_chars'}, rule='additionalProperties')
    return data

validate_params_max_chars = validate_urn_capeval_validate_params_max_chars

VERSION = "2.22.3"


NoneType = type(None)

def validate_urn_capeval_validate_params_number_fidelity(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'ignore': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_number_fidelity'}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "ignore" in data_keys:
            data_keys.remove("ignore")
            data__ignore = data["ignore"]
            if not isinstance(data__ignore, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".ignore must be array", value=data__ignore, name="" + (name_prefix or "data") + ".ignore", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__ignore_is_list = isinstance(data__ignore, (list, tuple))
            if data__ignore_is_list:
                data__ignore_len = len(data__ignore)
                for data__ignore_x, data__ignore_item in enumerate(data__ignore):
                    if not isinstance(data__ignore_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".ignore[{data__ignore_x}]" + " must be string", value=data__ignore_item, name="" + (name_prefix or "data") + f".ignore[{data__ignore_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__ignore_item, str):
                        data__ignore_item_len = len(data__ignore_item)
                        if data__ignore_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".ignore[{data__ignore_x}]" + " must be longer than or equal to 1 characters", value=data__ignore_item, name="" + (name_prefix or "data") + f".ignore[{data__ignore_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'ignore': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_number_fidelity'}, rule='additionalProperties')
    return data

validate_params_number_fidelity = validate_urn_capeval_validate_params_number_fidelity

VERSION = "2.22.3"


NoneType = type(None)

def validate_urn_capeval_validate_params_placeholder_integrity(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'syntax': {'enum': ['auto', 'printf', 'python', 'icu', 'custom']}, 'allow_reorder': {'type': 'boolean'}, 'style': {'enum': ['auto', 'percent', 'brace']}, 'tags': {'type': 'boolean'}, 'pattern': {'type': 'string', 'minLength': 1}, 'preset': {'enum': ['mustache', 'ruby', 'dollar', 'numbered-tags', 'xml']}, 'single_count': {'type': 'boolean'}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_placeholder_integrity'}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "syntax" in data_keys:
            data_keys.remove("syntax")
            data__syntax = data["syntax"]
            if not (isinstance(data__syntax, str) and data__syntax == 'auto' or isinstance(data__syntax, str) and data__syntax == 'printf' or isinstance(data__syntax, str) and data__syntax == 'python' or isinstance(data__syntax, str) and data__syntax == 'icu' or isinstance(data__syntax, str) and data__syntax == 'custom'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".syntax must be one of ['auto', 'printf', 'python', 'icu', 'custom']", value=data__syntax, name="" + (name_prefix or "data") + ".syntax", definition={'enum': ['auto', 'printf', 'python', 'icu', 'custom']}, rule='enum')
        if "allow_reorder" in data_keys:
            data_keys.remove("allow_reorder")
            data__allowreorder = data["allow_reorder"]
            if not isinstance(data__allowreorder, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".allow_reorder must be boolean", value=data__allowreorder, name="" + (name_prefix or "data") + ".allow_reorder", definition={'type': 'boolean'}, rule='type')
        if "style" in data_keys:
            data_keys.remove("style")
            data__style = data["style"]
            if not (isinstance(data__style, str) and data__style == 'auto' or isinstance(data__style, str) and data__style == 'percent' or isinstance(data__style, str) and data__style == 'brace'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".style must be one of ['auto', 'percent', 'brace']", value=data__style, name="" + (name_prefix or "data") + ".style", definition={'enum': ['auto', 'percent', 'brace']}, rule='enum')
        if "tags" in data_keys:
            data_keys.remove("tags")
            data__tags = data["tags"]
            if not isinstance(data__tags, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".tags must be boolean", value=data__tags, name="" + (name_prefix or "data") + ".tags", definition={'type': 'boolean'}, rule='type')
        if "pattern" in data_keys:
            data_keys.remove("pattern")
            data__pattern = data["pattern"]
            if not isinstance(data__pattern, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".pattern must be string", value=data__pattern, name="" + (name_prefix or "data") + ".pattern", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__pattern, str):
                data__pattern_len = len(data__pattern)
                if data__pattern_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".pattern must be longer than or equal to 1 characters", value=data__pattern, name="" + (name_prefix or "data") + ".pattern", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "preset" in data_keys:
            data_keys.remove("preset")
            data__preset = data["preset"]
            if not (isinstance(data__preset, str) and data__preset == 'mustache' or isinstance(data__preset, str) and data__preset == 'ruby' or isinstance(data__preset, str) and data__preset == 'dollar' or isinstance(data__preset, str) and data__preset == 'numbered-tags' or isinstance(data__preset, str) and data__preset == 'xml'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".preset must be one of ['mustache', 'ruby', 'dollar', 'numbered-tags', 'xml']", value=data__preset, name="" + (name_prefix or "data") + ".preset", definition={'enum': ['mustache', 'ruby', 'dollar', 'numbered-tags', 'xml']}, rule='enum')
        if "single_count" in data_keys:
            data_keys.remove("single_count")
            data__singlecount = data["single_count"]
            if not isinstance(data__singlecount, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".single_count must be boolean", value=data__singlecount, name="" + (name_prefix or "data") + ".single_count", definition={'type': 'boolean'}, rule='type')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'syntax': {'enum': ['auto', 'printf', 'python', 'icu', 'custom']}, 'allow_reorder': {'type': 'boolean'}, 'style': {'enum': ['auto', 'percent', 'brace']}, 'tags': {'type': 'boolean'}, 'pattern': {'type': 'string', 'minLength': 1}, 'preset': {'enum': ['mustache', 'ruby', 'dollar', 'numbered-tags', 'xml']}, 'single_count': {'type': 'boolean'}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_placeholder_integrity'}, rule='additionalProperties')
    return data

validate_params_placeholder_integrity = validate_urn_capeval_validate_params_placeholder_integrity

VERSION = "2.22.3"
from decimal import Decimal
import re


REGEX_PATTERNS_validate_params_protocol_complete = {
    '\\{n\\}': re.compile('\\{n\\}')
}

NoneType = type(None)

def validate_urn_capeval_validate_params_protocol_complete(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['expected_items'], 'properties': {'expected_items': {'type': 'integer', 'minimum': 1}, 'terminator': {'type': 'string', 'minLength': 1}, 'allow_extra_items': {'type': 'boolean'}, 'format': {'enum': ['numbered', 'json_array', 'delimited']}, 'marker': {'type': 'string', 'pattern': '\\{n\\}'}, 'delimiter': {'type': 'string', 'minLength': 1}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_protocol_complete'}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['expected_items']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['expected_items'], 'properties': {'expected_items': {'type': 'integer', 'minimum': 1}, 'terminator': {'type': 'string', 'minLength': 1}, 'allow_extra_items': {'type': 'boolean'}, 'format': {'enum': ['numbered', 'json_array', 'delimited']}, 'marker': {'type': 'string', 'pattern': '\\{n\\}'}, 'delimiter': {'type': 'string', 'minLength': 1}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_protocol_complete'}, rule='required')
        data_keys = set(data.keys())
        if "expected_items" in data_keys:
            data_keys.remove("expected_items")
            data__expecteditems = data["expected_items"]
            if not isinstance(data__expecteditems, (int)) or isinstance(data__expecteditems, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".expected_items must be integer", value=data__expecteditems, name="" + (name_prefix or "data") + ".expected_items", definition={'type': 'integer', 'minimum': 1}, rule='type')
            if isinstance(data__expecteditems, (int, float, Decimal)) and not isinstance(data__expecteditems, bool):
                if data__expecteditems < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".expected_items must be bigger than or equal to 1", value=data__expecteditems, name="" + (name_prefix or "data") + ".expected_items", definition={'type': 'integer', 'minimum': 1}, rule='minimum')
        if "terminator" in data_keys:
            data_keys.remove("terminator")
            data__terminator = data["terminator"]
            if not isinstance(data__terminator, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".terminator must be string", value=data__terminator, name="" + (name_prefix or "data") + ".terminator", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__terminator, str):
                data__terminator_len = len(data__terminator)
                if data__terminator_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".terminator must be longer than or equal to 1 characters", value=data__terminator, name="" + (name_prefix or "data") + ".terminator", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "allow_extra_items" in data_keys:
            data_keys.remove("allow_extra_items")
            data__allowextraitems = data["allow_extra_items"]
            if not isinstance(data__allowextraitems, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".allow_extra_items must be boolean", value=data__allowextraitems, name="" + (name_prefix or "data") + ".allow_extra_items", definition={'type': 'boolean'}, rule='type')
        if "format" in data_keys:
            data_keys.remove("format")
            data__format = data["format"]
            if not (isinstance(data__format, str) and data__format == 'numbered' or isinstance(data__format, str) and data__format == 'json_array' or isinstance(data__format, str) and data__format == 'delimited'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".format must be one of ['numbered', 'json_array', 'delimited']", value=data__format, name="" + (name_prefix or "data") + ".format", definition={'enum': ['numbered', 'json_array', 'delimited']}, rule='enum')
        if "marker" in data_keys:
            data_keys.remove("marker")
            data__marker = data["marker"]
            if not isinstance(data__marker, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".marker must be string", value=data__marker, name="" + (name_prefix or "data") + ".marker", definition={'type': 'string', 'pattern': '\\{n\\}'}, rule='type')
            if isinstance(data__marker, str):
                if not REGEX_PATTERNS_validate_params_protocol_complete['\\{n\\}'].search(data__marker):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".marker must match pattern \\{n\\}", value=data__marker, name="" + (name_prefix or "data") + ".marker", definition={'type': 'string', 'pattern': '\\{n\\}'}, rule='pattern')
        if "delimiter" in data_keys:
            data_keys.remove("delimiter")
            data__delimiter = data["delimiter"]
            if not isinstance(data__delimiter, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".delimiter must be string", value=data__delimiter, name="" + (name_prefix or "data") + ".delimiter", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__delimiter, str):
                data__delimiter_len = len(data__delimiter)
                if data__delimiter_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".delimiter must be longer than or equal to 1 characters", value=data__delimiter, name="" + (name_prefix or "data") + ".delimiter", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'required': ['expected_items'], 'properties': {'expected_items': {'type': 'integer', 'minimum': 1}, 'terminator': {'type': 'string', 'minLength': 1}, 'allow_extra_items': {'type': 'boolean'}, 'format': {'enum': ['numbered', 'json_array', 'delimited']}, 'marker': {'type': 'string', 'pattern': '\\{n\\}'}, 'delimiter': {'type': 'string', 'minLength': 1}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_protocol_complete'}, rule='additionalProperties')
    return data

validate_params_protocol_complete = validate_urn_capeval_validate_params_protocol_complete

VERSION = "2.22.3"


NoneType = type(None)

def validate_urn_capeval_validate_params_punctuation_fidelity(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'end': {'type': 'boolean'}, 'full_stop': {'enum': ['always', 'sentences', 'never']}, 'brackets': {'type': 'boolean'}, 'spacing': {'type': 'boolean'}, 'doubled': {'type': 'boolean'}, 'doubled_spaces': {'type': 'boolean'}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_punctuation_fidelity'}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "end" in data_keys:
            data_keys.remove("end")
            data__end = data["end"]
            if not isinstance(data__end, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".end must be boolean", value=data__end, name="" + (name_prefix or "data") + ".end", definition={'type': 'boolean'}, rule='type')
        if "full_stop" in data_keys:
            data_keys.remove("full_stop")
            data__fullstop = data["full_stop"]
            if not (isinstance(data__fullstop, str) and data__fullstop == 'always' or isinstance(data__fullstop, str) and data__fullstop == 'sentences' or isinstance(data__fullstop, str) and data__fullstop == 'never'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".full_stop must be one of ['always', 'sentences', 'never']", value=data__fullstop, name="" + (name_prefix or "data") + ".full_stop", definition={'enum': ['always', 'sentences', 'never']}, rule='enum')
        if "brackets" in data_keys:
            data_keys.remove("brackets")
            data__brackets = data["brackets"]
            if not isinstance(data__brackets, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".brackets must be boolean", value=data__brackets, name="" + (name_prefix or "data") + ".brackets", definition={'type': 'boolean'}, rule='type')
        if "spacing" in data_keys:
            data_keys.remove("spacing")
            data__spacing = data["spacing"]
            if not isinstance(data__spacing, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".spacing must be boolean", value=data__spacing, name="" + (name_prefix or "data") + ".spacing", definition={'type': 'boolean'}, rule='type')
        if "doubled" in data_keys:
            data_keys.remove("doubled")
            data__doubled = data["doubled"]
            if not isinstance(data__doubled, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".doubled must be boolean", value=data__doubled, name="" + (name_prefix or "data") + ".doubled", definition={'type': 'boolean'}, rule='type')
        if "doubled_spaces" in data_keys:
            data_keys.remove("doubled_spaces")
            data__doubledspaces = data["doubled_spaces"]
            if not isinstance(data__doubledspaces, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".doubled_spaces must be boolean", value=data__doubledspaces, name="" + (name_prefix or "data") + ".doubled_spaces", definition={'type': 'boolean'}, rule='type')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'end': {'type': 'boolean'}, 'full_stop': {'enum': ['always', 'sentences', 'never']}, 'brackets': {'type': 'boolean'}, 'spacing': {'type': 'boolean'}, 'doubled': {'type': 'boolean'}, 'doubled_spaces': {'type': 'boolean'}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_punctuation_fidelity'}, rule='additionalProperties')
    return data

validate_params_punctuation_fidelity = validate_urn_capeval_validate_params_punctuation_fidelity

VERSION = "2.22.3"
from decimal import Decimal


NoneType = type(None)

def validate_urn_capeval_validate_params_repetition(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'words': {'type': 'boolean'}, 'min_repeats': {'type': 'integer', 'minimum': 2, 'maximum': 10}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_repetition'}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "words" in data_keys:
            data_keys.remove("words")
            data__words = data["words"]
            if not isinstance(data__words, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".words must be boolean", value=data__words, name="" + (name_prefix or "data") + ".words", definition={'type': 'boolean'}, rule='type')
        if "min_repeats" in data_keys:
            data_keys.remove("min_repeats")
            data__minrepeats = data["min_repeats"]
            if not isinstance(data__minrepeats, (int)) or isinstance(data__minrepeats, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".min_repeats must be integer", value=data__minrepeats, name="" + (name_prefix or "data") + ".min_repeats", definition={'type': 'integer', 'minimum': 2, 'maximum': 10}, rule='type')
            if isinstance(data__minrepeats, (int, float, Decimal)) and not isinstance(data__minrepeats, bool):
                if data__minrepeats < 2:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".min_repeats must be bigger than or equal to 2", value=data__minrepeats, name="" + (name_prefix or "data") + ".min_repeats", definition={'type': 'integer', 'minimum': 2, 'maximum': 10}, rule='minimum')
                if data__minrepeats > 10:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".min_repeats must be smaller than or equal to 10", value=data__minrepeats, name="" + (name_prefix or "data") + ".min_repeats", definition={'type': 'integer', 'minimum': 2, 'maximum': 10}, rule='maximum')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'words': {'type': 'boolean'}, 'min_repeats': {'type': 'integer', 'minimum': 2, 'maximum': 10}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_repetition'}, rule='additionalProperties')
    return data

validate_params_repetition = validate_urn_capeval_validate_params_repetition

VERSION = "2.22.3"


NoneType = type(None)

def validate_urn_capeval_validate_params_required_tokens(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'tokens': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_required_tokens'}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "tokens" in data_keys:
            data_keys.remove("tokens")
            data__tokens = data["tokens"]
            if not isinstance(data__tokens, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".tokens must be array", value=data__tokens, name="" + (name_prefix or "data") + ".tokens", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__tokens_is_list = isinstance(data__tokens, (list, tuple))
            if data__tokens_is_list:
                data__tokens_len = len(data__tokens)
                for data__tokens_x, data__tokens_item in enumerate(data__tokens):
                    if not isinstance(data__tokens_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".tokens[{data__tokens_x}]" + " must be string", value=data__tokens_item, name="" + (name_prefix or "data") + f".tokens[{data__tokens_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__tokens_item, str):
                        data__tokens_item_len = len(data__tokens_item)
                        if data__tokens_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".tokens[{data__tokens_x}]" + " must be longer than or equal to 1 characters", value=data__tokens_item, name="" + (name_prefix or "data") + f".tokens[{data__tokens_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'tokens': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_required_tokens'}, rule='additionalProperties')
    return data

validate_params_required_tokens = validate_urn_capeval_validate_params_required_tokens

VERSION = "2.22.3"


NoneType = type(None)

def validate_urn_capeval_validate_params_response_clean(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'lead_ins': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'notes': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'markers': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'echo': {'type': 'boolean'}, 'wrapping': {'type': 'boolean'}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_response_clean'}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "lead_ins" in data_keys:
            data_keys.remove("lead_ins")
            data__leadins = data["lead_ins"]
            if not isinstance(data__leadins, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".lead_ins must be array", value=data__leadins, name="" + (name_prefix or "data") + ".lead_ins", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__leadins_is_list = isinstance(data__leadins, (list, tuple))
            if data__leadins_is_list:
                data__leadins_len = len(data__leadins)
                for data__leadins_x, data__leadins_item in enumerate(data__leadins):
                    if not isinstance(data__leadins_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".lead_ins[{data__leadins_x}]" + " must be string", value=data__leadins_item, name="" + (name_prefix or "data") + f".lead_ins[{data__leadins_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__leadins_item, str):
                        data__leadins_item_len = len(data__leadins_item)
                        if data__leadins_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".lead_ins[{data__leadins_x}]" + " must be longer than or equal to 1 characters", value=data__leadins_item, name="" + (name_prefix or "data") + f".lead_ins[{data__leadins_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "notes" in data_keys:
            data_keys.remove("notes")
            data__notes = data["notes"]
            if not isinstance(data__notes, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".notes must be array", value=data__notes, name="" + (name_prefix or "data") + ".notes", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__notes_is_list = isinstance(data__notes, (list, tuple))
            if data__notes_is_list:
                data__notes_len = len(data__notes)
                for data__notes_x, data__notes_item in enumerate(data__notes):
                    if not isinstance(data__notes_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".notes[{data__notes_x}]" + " must be string", value=data__notes_item, name="" + (name_prefix or "data") + f".notes[{data__notes_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__notes_item, str):
                        data__notes_item_len = len(data__notes_item)
                        if data__notes_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".notes[{data__notes_x}]" + " must be longer than or equal to 1 characters", value=data__notes_item, name="" + (name_prefix or "data") + f".notes[{data__notes_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "markers" in data_keys:
            data_keys.remove("markers")
            data__markers = data["markers"]
            if not isinstance(data__markers, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".markers must be array", value=data__markers, name="" + (name_prefix or "data") + ".markers", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__markers_is_list = isinstance(data__markers, (list, tuple))
            if data__markers_is_list:
                data__markers_len = len(data__markers)
                for data__markers_x, data__markers_item in enumerate(data__markers):
                    if not isinstance(data__markers_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".markers[{data__markers_x}]" + " must be string", value=data__markers_item, name="" + (name_prefix or "data") + f".markers[{data__markers_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__markers_item, str):
                        data__markers_item_len = len(data__markers_item)
                        if data__markers_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".markers[{data__markers_x}]" + " must be longer than or equal to 1 characters", value=data__markers_item, name="" + (name_prefix or "data") + f".markers[{data__markers_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "echo" in data_keys:
            data_keys.remove("echo")
            data__echo = data["echo"]
            if not isinstance(data__echo, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".echo must be boolean", value=data__echo, name="" + (name_prefix or "data") + ".echo", definition={'type': 'boolean'}, rule='type')
        if "wrapping" in data_keys:
            data_keys.remove("wrapping")
            data__wrapping = data["wrapping"]
            if not isinstance(data__wrapping, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".wrapping must be boolean", value=data__wrapping, name="" + (name_prefix or "data") + ".wrapping", definition={'type': 'boolean'}, rule='type')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'lead_ins': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'notes': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'markers': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'echo': {'type': 'boolean'}, 'wrapping': {'type': 'boolean'}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_response_clean'}, rule='additionalProperties')
    return data

validate_params_response_clean = validate_urn_capeval_validate_params_response_clean

VERSION = "2.22.3"
from decimal import Decimal
import re


REGEX_PATTERNS_validate_params_script_fidelity = {
    '^[A-Z][a-z]{3}$': re.compile('^[A-Z][a-z]{3}\\Z')
}

NoneType = type(None)

def validate_urn_capeval_validate_params_script_fidelity(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'scripts': {'type': 'array', 'items': {'type': 'string', 'pattern': '^[A-Z][a-z]{3}$'}, 'minItems': 1, 'uniqueItems': True}, 'min_share': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'min_letters': {'type': 'integer', 'minimum': 1}, 'allow': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'source_terms': {'type': 'boolean'}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_script_fidelity'}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "scripts" in data_keys:
            data_keys.remove("scripts")
            data__scripts = data["scripts"]
            if not isinstance(data__scripts, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".scripts must be array", value=data__scripts, name="" + (name_prefix or "data") + ".scripts", definition={'type': 'array', 'items': {'type': 'string', 'pattern': '^[A-Z][a-z]{3}$'}, 'minItems': 1, 'uniqueItems': True}, rule='type')
            data__scripts_is_list = isinstance(data__scripts, (list, tuple))
            if data__scripts_is_list:
                data__scripts_len = len(data__scripts)
                if data__scripts_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".scripts must contain at least 1 items", value=data__scripts, name="" + (name_prefix or "data") + ".scripts", definition={'type': 'array', 'items': {'type': 'string', 'pattern': '^[A-Z][a-z]{3}$'}, 'minItems': 1, 'uniqueItems': True}, rule='minItems')
                def fn(var): return frozenset(dict((k, fn(v)) for k, v in var.items()).items()) if hasattr(var, "items") else tuple(fn(v) for v in var) if isinstance(var, (dict, list)) else (bool, var) if isinstance(var, bool) else var
                if data__scripts_len > len(set(fn(data__scripts_x) for data__scripts_x in data__scripts)):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".scripts must contain unique items", value=data__scripts, name="" + (name_prefix or "data") + ".scripts", definition={'type': 'array', 'items': {'type': 'string', 'pattern': '^[A-Z][a-z]{3}$'}, 'minItems': 1, 'uniqueItems': True}, rule='uniqueItems')
                for data__scripts_x, data__scripts_item in enumerate(data__scripts):
                    if not isinstance(data__scripts_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".scripts[{data__scripts_x}]" + " must be string", value=data__scripts_item, name="" + (name_prefix or "data") + f".scripts[{data__scripts_x}]" + "", definition={'type': 'string', 'pattern': '^[A-Z][a-z]{3}$'}, rule='type')
                    if isinstance(data__scripts_item, str):
                        if not REGEX_PATTERNS_validate_params_script_fidelity['^[A-Z][a-z]{3}$'].search(data__scripts_item):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".scripts[{data__scripts_x}]" + " must match pattern ^[A-Z][a-z]{3}$", value=data__scripts_item, name="" + (name_prefix or "data") + f".scripts[{data__scripts_x}]" + "", definition={'type': 'string', 'pattern': '^[A-Z][a-z]{3}$'}, rule='pattern')
        if "min_share" in data_keys:
            data_keys.remove("min_share")
            data__minshare = data["min_share"]
            if not isinstance(data__minshare, (int, float, Decimal)) or isinstance(data__minshare, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".min_share must be number", value=data__minshare, name="" + (name_prefix or "data") + ".min_share", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='type')
            if isinstance(data__minshare, (int, float, Decimal)) and not isinstance(data__minshare, bool):
                if data__minshare < 0:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".min_share must be bigger than or equal to 0", value=data__minshare, name="" + (name_prefix or "data") + ".min_share", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='minimum')
                if data__minshare > 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".min_share must be smaller than or equal to 1", value=data__minshare, name="" + (name_prefix or "data") + ".min_share", definition={'type': 'number', 'minimum': 0, 'maximum': 1}, rule='maximum')
        if "min_letters" in data_keys:
            data_keys.remove("min_letters")
            data__minletters = data["min_letters"]
            if not isinstance(data__minletters, (int)) or isinstance(data__minletters, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".min_letters must be integer", value=data__minletters, name="" + (name_prefix or "data") + ".min_letters", definition={'type': 'integer', 'minimum': 1}, rule='type')
            if isinstance(data__minletters, (int, float, Decimal)) and not isinstance(data__minletters, bool):
                if data__minletters < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".min_letters must be bigger than or equal to 1", value=data__minletters, name="" + (name_prefix or "data") + ".min_letters", definition={'type': 'integer', 'minimum': 1}, rule='minimum')
        if "allow" in data_keys:
            data_keys.remove("allow")
            data__allow = data["allow"]
            if not isinstance(data__allow, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".allow must be array", value=data__allow, name="" + (name_prefix or "data") + ".allow", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__allow_is_list = isinstance(data__allow, (list, tuple))
            if data__allow_is_list:
                data__allow_len = len(data__allow)
                for data__allow_x, data__allow_item in enumerate(data__allow):
                    if not isinstance(data__allow_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".allow[{data__allow_x}]" + " must be string", value=data__allow_item, name="" + (name_prefix or "data") + f".allow[{data__allow_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__allow_item, str):
                        data__allow_item_len = len(data__allow_item)
                        if data__allow_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".allow[{data__allow_x}]" + " must be longer than or equal to 1 characters", value=data__allow_item, name="" + (name_prefix or "data") + f".allow[{data__allow_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "source_terms" in data_keys:
            data_keys.remove("source_terms")
            data__sourceterms = data["source_terms"]
            if not isinstance(data__sourceterms, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".source_terms must be boolean", value=data__sourceterms, name="" + (name_prefix or "data") + ".source_terms", definition={'type': 'boolean'}, rule='type')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'scripts': {'type': 'array', 'items': {'type': 'string', 'pattern': '^[A-Z][a-z]{3}$'}, 'minItems': 1, 'uniqueItems': True}, 'min_share': {'type': 'number', 'minimum': 0, 'maximum': 1}, 'min_letters': {'type': 'integer', 'minimum': 1}, 'allow': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'source_terms': {'type': 'boolean'}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_script_fidelity'}, rule='additionalProperties')
    return data

validate_params_script_fidelity = validate_urn_capeval_validate_params_script_fidelity

VERSION = "2.22.3"
from decimal import Decimal
import re


REGEX_PATTERNS_validate_params_terminology = {
    '\\S': re.compile('\\S')
}

NoneType = type(None)

def validate_urn_capeval_validate_params_terminology(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'entries': {'type': 'array', 'items': {'type': 'object', 'properties': {'source': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'targets': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'forbidden': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'case_sensitive': {'type': 'boolean'}, 'locales': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 35}, 'maxItems': 50}}, 'required': ['source'], 'additionalProperties': False}, 'minItems': 1, 'maxItems': 500}, 'case_sensitive': {'type': 'boolean'}, 'suffix': {'type': 'integer', 'minimum': 0, 'maximum': 10}, 'source_suffix': {'type': 'integer', 'minimum': 0, 'maximum': 10}, 'prefix': {'type': 'integer', 'minimum': 0, 'maximum': 5}, 'compounds': {'type': 'boolean'}}, 'required': ['entries'], 'additionalProperties': False, '$id': 'urn:capeval:validate_params_terminology'}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['entries']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'entries': {'type': 'array', 'items': {'type': 'object', 'properties': {'source': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'targets': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'forbidden': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'case_sensitive': {'type': 'boolean'}, 'locales': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 35}, 'maxItems': 50}}, 'required': ['source'], 'additionalProperties': False}, 'minItems': 1, 'maxItems': 500}, 'case_sensitive': {'type': 'boolean'}, 'suffix': {'type': 'integer', 'minimum': 0, 'maximum': 10}, 'source_suffix': {'type': 'integer', 'minimum': 0, 'maximum': 10}, 'prefix': {'type': 'integer', 'minimum': 0, 'maximum': 5}, 'compounds': {'type': 'boolean'}}, 'required': ['entries'], 'additionalProperties': False, '$id': 'urn:capeval:validate_params_terminology'}, rule='required')
        data_keys = set(data.keys())
        if "entries" in data_keys:
            data_keys.remove("entries")
            data__entries = data["entries"]
            if not isinstance(data__entries, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".entries must be array", value=data__entries, name="" + (name_prefix or "data") + ".entries", definition={'type': 'array', 'items': {'type': 'object', 'properties': {'source': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'targets': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'forbidden': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'case_sensitive': {'type': 'boolean'}, 'locales': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 35}, 'maxItems': 50}}, 'required': ['source'], 'additionalProperties': False}, 'minItems': 1, 'maxItems': 500}, rule='type')
            data__entries_is_list = isinstance(data__entries, (list, tuple))
            if data__entries_is_list:
                data__entries_len = len(data__entries)
                if data__entries_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".entries must contain at least 1 items", value=data__entries, name="" + (name_prefix or "data") + ".entries", definition={'type': 'array', 'items': {'type': 'object', 'properties': {'source': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'targets': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'forbidden': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'case_sensitive': {'type': 'boolean'}, 'locales': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 35}, 'maxItems': 50}}, 'required': ['source'], 'additionalProperties': False}, 'minItems': 1, 'maxItems': 500}, rule='minItems')
                if data__entries_len > 500:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".entries must contain less than or equal to 500 items", value=data__entries, name="" + (name_prefix or "data") + ".entries", definition={'type': 'array', 'items': {'type': 'object', 'properties': {'source': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'targets': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'forbidden': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'case_sensitive': {'type': 'boolean'}, 'locales': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 35}, 'maxItems': 50}}, 'required': ['source'], 'additionalProperties': False}, 'minItems': 1, 'maxItems': 500}, rule='maxItems')
                for data__entries_x, data__entries_item in enumerate(data__entries):
                    if not isinstance(data__entries_item, (dict)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".entries[{data__entries_x}]" + " must be object", value=data__entries_item, name="" + (name_prefix or "data") + f".entries[{data__entries_x}]" + "", definition={'type': 'object', 'properties': {'source': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'targets': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'forbidden': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'case_sensitive': {'type': 'boolean'}, 'locales': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 35}, 'maxItems': 50}}, 'required': ['source'], 'additionalProperties': False}, rule='type')
                    data__entries_item_is_dict = isinstance(data__entries_item, dict)
                    if data__entries_item_is_dict:
                        data__entries_item__missing_keys = set(['source']) - data__entries_item.keys()
                        if data__entries_item__missing_keys:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".entries[{data__entries_x}]" + " must contain " + (str(sorted(data__entries_item__missing_keys)) + " properties"), value=data__entries_item, name="" + (name_prefix or "data") + f".entries[{data__entries_x}]" + "", definition={'type': 'object', 'properties': {'source': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'targets': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'forbidden': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'case_sensitive': {'type': 'boolean'}, 'locales': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 35}, 'maxItems': 50}}, 'required': ['source'], 'additionalProperties': False}, rule='required')
                        data__entries_item_keys = set(data__entries_item.keys())
                        if "source" in data__entries_item_keys:
                            data__entries_item_keys.remove("source")
                            data__entries_item__source = data__entries_item["source"]
                            if not isinstance(data__entries_item__source, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + f".entries[{data__entries_x}].source" + " must be string", value=data__entries_item__source, name="" + (name_prefix or "data") + f".entries[{data__entries_x}].source" + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, rule='type')
                            if isinstance(data__entries_item__source, str):
                                data__entries_item__source_len = len(data__entries_item__source)
                                if data__entries_item__source_len < 1:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + f".entries[{data__entries_x}].source" + " must be longer than or equal to 1 characters", value=data__entries_item__source, name="" + (name_prefix or "data") + f".entries[{data__entries_x}].source" + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, rule='minLength')
                                if data__entries_item__source_len > 200:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + f".entries[{data__entries_x}].source" + " must be shorter than or equal to 200 characters", value=data__entries_item__source, name="" + (name_prefix or "data") + f".entries[{data__entries_x}].source" + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, rule='maxLength')
                                if not REGEX_PATTERNS_validate_params_terminology['\\S'].search(data__entries_item__source):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + f".entries[{data__entries_x}].source" + " must match pattern \\S", value=data__entries_item__source, name="" + (name_prefix or "data") + f".entries[{data__entries_x}].source" + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, rule='pattern')
                        if "targets" in data__entries_item_keys:
                            data__entries_item_keys.remove("targets")
                            data__entries_item__targets = data__entries_item["targets"]
                            if not isinstance(data__entries_item__targets, (list, tuple)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + f".entries[{data__entries_x}].targets" + " must be array", value=data__entries_item__targets, name="" + (name_prefix or "data") + f".entries[{data__entries_x}].targets" + "", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, rule='type')
                            data__entries_item__targets_is_list = isinstance(data__entries_item__targets, (list, tuple))
                            if data__entries_item__targets_is_list:
                                data__entries_item__targets_len = len(data__entries_item__targets)
                                if data__entries_item__targets_len > 20:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + f".entries[{data__entries_x}].targets" + " must contain less than or equal to 20 items", value=data__entries_item__targets, name="" + (name_prefix or "data") + f".entries[{data__entries_x}].targets" + "", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, rule='maxItems')
                                for data__entries_item__targets_x, data__entries_item__targets_item in enumerate(data__entries_item__targets):
                                    if not isinstance(data__entries_item__targets_item, (str)):
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".entries[{data__entries_x}].targets[{data__entries_item__targets_x}]".format(**locals()) + " must be string", value=data__entries_item__targets_item, name="" + (name_prefix or "data") + ".entries[{data__entries_x}].targets[{data__entries_item__targets_x}]".format(**locals()) + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, rule='type')
                                    if isinstance(data__entries_item__targets_item, str):
                                        data__entries_item__targets_item_len = len(data__entries_item__targets_item)
                                        if data__entries_item__targets_item_len < 1:
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".entries[{data__entries_x}].targets[{data__entries_item__targets_x}]".format(**locals()) + " must be longer than or equal to 1 characters", value=data__entries_item__targets_item, name="" + (name_prefix or "data") + ".entries[{data__entries_x}].targets[{data__entries_item__targets_x}]".format(**locals()) + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, rule='minLength')
                                        if data__entries_item__targets_item_len > 200:
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".entries[{data__entries_x}].targets[{data__entries_item__targets_x}]".format(**locals()) + " must be shorter than or equal to 200 characters", value=data__entries_item__targets_item, name="" + (name_prefix or "data") + ".entries[{data__entries_x}].targets[{data__entries_item__targets_x}]".format(**locals()) + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, rule='maxLength')
                                        if not REGEX_PATTERNS_validate_params_terminology['\\S'].search(data__entries_item__targets_item):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".entries[{data__entries_x}].targets[{data__entries_item__targets_x}]".format(**locals()) + " must match pattern \\S", value=data__entries_item__targets_item, name="" + (name_prefix or "data") + ".entries[{data__entries_x}].targets[{data__entries_item__targets_x}]".format(**locals()) + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, rule='pattern')
                        if "forbidden" in data__entries_item_keys:
                            data__entries_item_keys.remove("forbidden")
                            data__entries_item__forbidden = data__entries_item["forbidden"]
                            if not isinstance(data__entries_item__forbidden, (list, tuple)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + f".entries[{data__entries_x}].forbidden" + " must be array", value=data__entries_item__forbidden, name="" + (name_prefix or "data") + f".entries[{data__entries_x}].forbidden" + "", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, rule='type')
                            data__entries_item__forbidden_is_list = isinstance(data__entries_item__forbidden, (list, tuple))
                            if data__entries_item__forbidden_is_list:
                                data__entries_item__forbidden_len = len(data__entries_item__forbidden)
                                if data__entries_item__forbidden_len > 20:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + f".entries[{data__entries_x}].forbidden" + " must contain less than or equal to 20 items", value=data__entries_item__forbidden, name="" + (name_prefix or "data") + f".entries[{data__entries_x}].forbidden" + "", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, rule='maxItems')
                                for data__entries_item__forbidden_x, data__entries_item__forbidden_item in enumerate(data__entries_item__forbidden):
                                    if not isinstance(data__entries_item__forbidden_item, (str)):
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".entries[{data__entries_x}].forbidden[{data__entries_item__forbidden_x}]".format(**locals()) + " must be string", value=data__entries_item__forbidden_item, name="" + (name_prefix or "data") + ".entries[{data__entries_x}].forbidden[{data__entries_item__forbidden_x}]".format(**locals()) + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, rule='type')
                                    if isinstance(data__entries_item__forbidden_item, str):
                                        data__entries_item__forbidden_item_len = len(data__entries_item__forbidden_item)
                                        if data__entries_item__forbidden_item_len < 1:
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".entries[{data__entries_x}].forbidden[{data__entries_item__forbidden_x}]".format(**locals()) + " must be longer than or equal to 1 characters", value=data__entries_item__forbidden_item, name="" + (name_prefix or "data") + ".entries[{data__entries_x}].forbidden[{data__entries_item__forbidden_x}]".format(**locals()) + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, rule='minLength')
                                        if data__entries_item__forbidden_item_len > 200:
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".entries[{data__entries_x}].forbidden[{data__entries_item__forbidden_x}]".format(**locals()) + " must be shorter than or equal to 200 characters", value=data__entries_item__forbidden_item, name="" + (name_prefix or "data") + ".entries[{data__entries_x}].forbidden[{data__entries_item__forbidden_x}]".format(**locals()) + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, rule='maxLength')
                                        if not REGEX_PATTERNS_validate_params_terminology['\\S'].search(data__entries_item__forbidden_item):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".entries[{data__entries_x}].forbidden[{data__entries_item__forbidden_x}]".format(**locals()) + " must match pattern \\S", value=data__entries_item__forbidden_item, name="" + (name_prefix or "data") + ".entries[{data__entries_x}].forbidden[{data__entries_item__forbidden_x}]".format(**locals()) + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, rule='pattern')
                        if "case_sensitive" in data__entries_item_keys:
                            data__entries_item_keys.remove("case_sensitive")
                            data__entries_item__casesensitive = data__entries_item["case_sensitive"]
                            if not isinstance(data__entries_item__casesensitive, (bool)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + f".entries[{data__entries_x}].case_sensitive" + " must be boolean", value=data__entries_item__casesensitive, name="" + (name_prefix or "data") + f".entries[{data__entries_x}].case_sensitive" + "", definition={'type': 'boolean'}, rule='type')
                        if "locales" in data__entries_item_keys:
                            data__entries_item_keys.remove("locales")
                            data__entries_item__locales = data__entries_item["locales"]
                            if not isinstance(data__entries_item__locales, (list, tuple)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + f".entries[{data__entries_x}].locales" + " must be array", value=data__entries_item__locales, name="" + (name_prefix or "data") + f".entries[{data__entries_x}].locales" + "", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 35}, 'maxItems': 50}, rule='type')
                            data__entries_item__locales_is_list = isinstance(data__entries_item__locales, (list, tuple))
                            if data__entries_item__locales_is_list:
                                data__entries_item__locales_len = len(data__entries_item__locales)
                                if data__entries_item__locales_len > 50:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + f".entries[{data__entries_x}].locales" + " must contain less than or equal to 50 items", value=data__entries_item__locales, name="" + (name_prefix or "data") + f".entries[{data__entries_x}].locales" + "", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 35}, 'maxItems': 50}, rule='maxItems')
                                for data__entries_item__locales_x, data__entries_item__locales_item in enumerate(data__entries_item__locales):
                                    if not isinstance(data__entries_item__locales_item, (str)):
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".entries[{data__entries_x}].locales[{data__entries_item__locales_x}]".format(**locals()) + " must be string", value=data__entries_item__locales_item, name="" + (name_prefix or "data") + ".entries[{data__entries_x}].locales[{data__entries_item__locales_x}]".format(**locals()) + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 35}, rule='type')
                                    if isinstance(data__entries_item__locales_item, str):
                                        data__entries_item__locales_item_len = len(data__entries_item__locales_item)
                                        if data__entries_item__locales_item_len < 1:
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".entries[{data__entries_x}].locales[{data__entries_item__locales_x}]".format(**locals()) + " must be longer than or equal to 1 characters", value=data__entries_item__locales_item, name="" + (name_prefix or "data") + ".entries[{data__entries_x}].locales[{data__entries_item__locales_x}]".format(**locals()) + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 35}, rule='minLength')
                                        if data__entries_item__locales_item_len > 35:
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".entries[{data__entries_x}].locales[{data__entries_item__locales_x}]".format(**locals()) + " must be shorter than or equal to 35 characters", value=data__entries_item__locales_item, name="" + (name_prefix or "data") + ".entries[{data__entries_x}].locales[{data__entries_item__locales_x}]".format(**locals()) + "", definition={'type': 'string', 'minLength': 1, 'maxLength': 35}, rule='maxLength')
                        if data__entries_item_keys:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".entries[{data__entries_x}]" + " must not contain "+str(data__entries_item_keys)+" properties", value=data__entries_item, name="" + (name_prefix or "data") + f".entries[{data__entries_x}]" + "", definition={'type': 'object', 'properties': {'source': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'targets': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'forbidden': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'case_sensitive': {'type': 'boolean'}, 'locales': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 35}, 'maxItems': 50}}, 'required': ['source'], 'additionalProperties': False}, rule='additionalProperties')
        if "case_sensitive" in data_keys:
            data_keys.remove("case_sensitive")
            data__casesensitive = data["case_sensitive"]
            if not isinstance(data__casesensitive, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".case_sensitive must be boolean", value=data__casesensitive, name="" + (name_prefix or "data") + ".case_sensitive", definition={'type': 'boolean'}, rule='type')
        if "suffix" in data_keys:
            data_keys.remove("suffix")
            data__suffix = data["suffix"]
            if not isinstance(data__suffix, (int)) or isinstance(data__suffix, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".suffix must be integer", value=data__suffix, name="" + (name_prefix or "data") + ".suffix", definition={'type': 'integer', 'minimum': 0, 'maximum': 10}, rule='type')
            if isinstance(data__suffix, (int, float, Decimal)) and not isinstance(data__suffix, bool):
                if data__suffix < 0:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".suffix must be bigger than or equal to 0", value=data__suffix, name="" + (name_prefix or "data") + ".suffix", definition={'type': 'integer', 'minimum': 0, 'maximum': 10}, rule='minimum')
                if data__suffix > 10:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".suffix must be smaller than or equal to 10", value=data__suffix, name="" + (name_prefix or "data") + ".suffix", definition={'type': 'integer', 'minimum': 0, 'maximum': 10}, rule='maximum')
        if "source_suffix" in data_keys:
            data_keys.remove("source_suffix")
            data__sourcesuffix = data["source_suffix"]
            if not isinstance(data__sourcesuffix, (int)) or isinstance(data__sourcesuffix, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".source_suffix must be integer", value=data__sourcesuffix, name="" + (name_prefix or "data") + ".source_suffix", definition={'type': 'integer', 'minimum': 0, 'maximum': 10}, rule='type')
            if isinstance(data__sourcesuffix, (int, float, Decimal)) and not isinstance(data__sourcesuffix, bool):
                if data__sourcesuffix < 0:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".source_suffix must be bigger than or equal to 0", value=data__sourcesuffix, name="" + (name_prefix or "data") + ".source_suffix", definition={'type': 'integer', 'minimum': 0, 'maximum': 10}, rule='minimum')
                if data__sourcesuffix > 10:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".source_suffix must be smaller than or equal to 10", value=data__sourcesuffix, name="" + (name_prefix or "data") + ".source_suffix", definition={'type': 'integer', 'minimum': 0, 'maximum': 10}, rule='maximum')
        if "prefix" in data_keys:
            data_keys.remove("prefix")
            data__prefix = data["prefix"]
            if not isinstance(data__prefix, (int)) or isinstance(data__prefix, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".prefix must be integer", value=data__prefix, name="" + (name_prefix or "data") + ".prefix", definition={'type': 'integer', 'minimum': 0, 'maximum': 5}, rule='type')
            if isinstance(data__prefix, (int, float, Decimal)) and not isinstance(data__prefix, bool):
                if data__prefix < 0:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".prefix must be bigger than or equal to 0", value=data__prefix, name="" + (name_prefix or "data") + ".prefix", definition={'type': 'integer', 'minimum': 0, 'maximum': 5}, rule='minimum')
                if data__prefix > 5:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".prefix must be smaller than or equal to 5", value=data__prefix, name="" + (name_prefix or "data") + ".prefix", definition={'type': 'integer', 'minimum': 0, 'maximum': 5}, rule='maximum')
        if "compounds" in data_keys:
            data_keys.remove("compounds")
            data__compounds = data["compounds"]
            if not isinstance(data__compounds, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".compounds must be boolean", value=data__compounds, name="" + (name_prefix or "data") + ".compounds", definition={'type': 'boolean'}, rule='type')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'entries': {'type': 'array', 'items': {'type': 'object', 'properties': {'source': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'targets': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'forbidden': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 200, 'pattern': '\\S'}, 'maxItems': 20}, 'case_sensitive': {'type': 'boolean'}, 'locales': {'type': 'array', 'items': {'type': 'string', 'minLength': 1, 'maxLength': 35}, 'maxItems': 50}}, 'required': ['source'], 'additionalProperties': False}, 'minItems': 1, 'maxItems': 500}, 'case_sensitive': {'type': 'boolean'}, 'suffix': {'type': 'integer', 'minimum': 0, 'maximum': 10}, 'source_suffix': {'type': 'integer', 'minimum': 0, 'maximum': 10}, 'prefix': {'type': 'integer', 'minimum': 0, 'maximum': 5}, 'compounds': {'type': 'boolean'}}, 'required': ['entries'], 'additionalProperties': False, '$id': 'urn:capeval:validate_params_terminology'}, rule='additionalProperties')
    return data

validate_params_terminology = validate_urn_capeval_validate_params_terminology

VERSION = "2.22.3"
from decimal import Decimal


NoneType = type(None)

def validate_urn_capeval_validate_params_untranslated(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'allow': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'min_words': {'type': 'integer', 'minimum': 1}, 'min_copy_words': {'type': 'integer', 'minimum': 1}, 'copied_share': {'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_untranslated'}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "allow" in data_keys:
            data_keys.remove("allow")
            data__allow = data["allow"]
            if not isinstance(data__allow, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".allow must be array", value=data__allow, name="" + (name_prefix or "data") + ".allow", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__allow_is_list = isinstance(data__allow, (list, tuple))
            if data__allow_is_list:
                data__allow_len = len(data__allow)
                for data__allow_x, data__allow_item in enumerate(data__allow):
                    if not isinstance(data__allow_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".allow[{data__allow_x}]" + " must be string", value=data__allow_item, name="" + (name_prefix or "data") + f".allow[{data__allow_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__allow_item, str):
                        data__allow_item_len = len(data__allow_item)
                        if data__allow_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".allow[{data__allow_x}]" + " must be longer than or equal to 1 characters", value=data__allow_item, name="" + (name_prefix or "data") + f".allow[{data__allow_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "min_words" in data_keys:
            data_keys.remove("min_words")
            data__minwords = data["min_words"]
            if not isinstance(data__minwords, (int)) or isinstance(data__minwords, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".min_words must be integer", value=data__minwords, name="" + (name_prefix or "data") + ".min_words", definition={'type': 'integer', 'minimum': 1}, rule='type')
            if isinstance(data__minwords, (int, float, Decimal)) and not isinstance(data__minwords, bool):
                if data__minwords < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".min_words must be bigger than or equal to 1", value=data__minwords, name="" + (name_prefix or "data") + ".min_words", definition={'type': 'integer', 'minimum': 1}, rule='minimum')
        if "min_copy_words" in data_keys:
            data_keys.remove("min_copy_words")
            data__mincopywords = data["min_copy_words"]
            if not isinstance(data__mincopywords, (int)) or isinstance(data__mincopywords, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".min_copy_words must be integer", value=data__mincopywords, name="" + (name_prefix or "data") + ".min_copy_words", definition={'type': 'integer', 'minimum': 1}, rule='type')
            if isinstance(data__mincopywords, (int, float, Decimal)) and not isinstance(data__mincopywords, bool):
                if data__mincopywords < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".min_copy_words must be bigger than or equal to 1", value=data__mincopywords, name="" + (name_prefix or "data") + ".min_copy_words", definition={'type': 'integer', 'minimum': 1}, rule='minimum')
        if "copied_share" in data_keys:
            data_keys.remove("copied_share")
            data__copiedshare = data["copied_share"]
            if not isinstance(data__copiedshare, (int, float, Decimal)) or isinstance(data__copiedshare, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".copied_share must be number", value=data__copiedshare, name="" + (name_prefix or "data") + ".copied_share", definition={'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}, rule='type')
            if isinstance(data__copiedshare, (int, float, Decimal)) and not isinstance(data__copiedshare, bool):
                if data__copiedshare > 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".copied_share must be smaller than or equal to 1", value=data__copiedshare, name="" + (name_prefix or "data") + ".copied_share", definition={'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}, rule='maximum')
                if data__copiedshare <= 0:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".copied_share must be bigger than 0", value=data__copiedshare, name="" + (name_prefix or "data") + ".copied_share", definition={'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}, rule='exclusiveMinimum')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'allow': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'min_words': {'type': 'integer', 'minimum': 1}, 'min_copy_words': {'type': 'integer', 'minimum': 1}, 'copied_share': {'type': 'number', 'exclusiveMinimum': 0, 'maximum': 1}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_untranslated'}, rule='additionalProperties')
    return data

validate_params_untranslated = validate_urn_capeval_validate_params_untranslated

VERSION = "2.22.3"


NoneType = type(None)

def validate_urn_capeval_validate_params_whitespace_fidelity(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'leading': {'type': 'boolean'}, 'trailing': {'type': 'boolean'}, 'line_breaks': {'type': 'boolean'}, 'allow_added': {'type': 'boolean'}, 'mode': {'enum': ['exact', 'lenient']}, 'cjk_spaces': {'type': 'boolean'}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_whitespace_fidelity'}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "leading" in data_keys:
            data_keys.remove("leading")
            data__leading = data["leading"]
            if not isinstance(data__leading, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".leading must be boolean", value=data__leading, name="" + (name_prefix or "data") + ".leading", definition={'type': 'boolean'}, rule='type')
        if "trailing" in data_keys:
            data_keys.remove("trailing")
            data__trailing = data["trailing"]
            if not isinstance(data__trailing, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".trailing must be boolean", value=data__trailing, name="" + (name_prefix or "data") + ".trailing", definition={'type': 'boolean'}, rule='type')
        if "line_breaks" in data_keys:
            data_keys.remove("line_breaks")
            data__linebreaks = data["line_breaks"]
            if not isinstance(data__linebreaks, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".line_breaks must be boolean", value=data__linebreaks, name="" + (name_prefix or "data") + ".line_breaks", definition={'type': 'boolean'}, rule='type')
        if "allow_added" in data_keys:
            data_keys.remove("allow_added")
            data__allowadded = data["allow_added"]
            if not isinstance(data__allowadded, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".allow_added must be boolean", value=data__allowadded, name="" + (name_prefix or "data") + ".allow_added", definition={'type': 'boolean'}, rule='type')
        if "mode" in data_keys:
            data_keys.remove("mode")
            data__mode = data["mode"]
            if not (isinstance(data__mode, str) and data__mode == 'exact' or isinstance(data__mode, str) and data__mode == 'lenient'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".mode must be one of ['exact', 'lenient']", value=data__mode, name="" + (name_prefix or "data") + ".mode", definition={'enum': ['exact', 'lenient']}, rule='enum')
        if "cjk_spaces" in data_keys:
            data_keys.remove("cjk_spaces")
            data__cjkspaces = data["cjk_spaces"]
            if not isinstance(data__cjkspaces, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".cjk_spaces must be boolean", value=data__cjkspaces, name="" + (name_prefix or "data") + ".cjk_spaces", definition={'type': 'boolean'}, rule='type')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'properties': {'leading': {'type': 'boolean'}, 'trailing': {'type': 'boolean'}, 'line_breaks': {'type': 'boolean'}, 'allow_added': {'type': 'boolean'}, 'mode': {'enum': ['exact', 'lenient']}, 'cjk_spaces': {'type': 'boolean'}}, 'additionalProperties': False, '$id': 'urn:capeval:validate_params_whitespace_fidelity'}, rule='additionalProperties')
    return data

validate_params_whitespace_fidelity = validate_urn_capeval_validate_params_whitespace_fidelity



_PARAMS = {'forbidden_renderings': validate_params_forbidden_renderings, 'language_fidelity': validate_params_language_fidelity, 'length_ratio': validate_params_length_ratio, 'literal_fidelity': validate_params_literal_fidelity, 'markup_integrity': validate_params_markup_integrity, 'max_chars': validate_params_max_chars, 'number_fidelity': validate_params_number_fidelity, 'placeholder_integrity': validate_params_placeholder_integrity, 'protocol_complete': validate_params_protocol_complete, 'punctuation_fidelity': validate_params_punctuation_fidelity, 'repetition': validate_params_repetition, 'required_tokens': validate_params_required_tokens, 'response_clean': validate_params_response_clean, 'script_fidelity': validate_params_script_fidelity, 'terminology': validate_params_terminology, 'untranslated': validate_params_untranslated, 'whitespace_fidelity': validate_params_whitespace_fidelity}
_REQUIRES_PARAMS = frozenset({'protocol_complete', 'terminology'})


def validate(data, custom_formats={}, name_prefix=None):
    validate_record(data)
    for index, assertion in enumerate(data["assertions"]):
        name = assertion["name"]
        check = _PARAMS.get(name)
        if check is None:
            continue
        where = "data.assertions[%d]" % index
        if "params" in assertion:
            check(assertion["params"], name_prefix=where + ".params")
        elif name in _REQUIRES_PARAMS:
            raise JsonSchemaValueException(
                where + " must contain ['params'] properties",
                value=assertion,
                name=where,
                definition={"required": ["params"]},
                rule="required",
            )
